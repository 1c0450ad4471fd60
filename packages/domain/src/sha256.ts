import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * SHA-256 (hex) of the text's UTF-8 bytes, for the config sign. Synchronous and without Web Crypto, whose digest a
 * browser withholds outside secure contexts (a portal served over plain HTTP on a shop's own network).
 */
export const sha256Hex = (text: string): string => bytesToHex(sha256(utf8ToBytes(text)));
