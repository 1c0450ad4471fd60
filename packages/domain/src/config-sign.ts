import { CONFIG_SIGN_SALT } from '@return-center/contract';
import { sha256Hex } from './sha256.js';

/** Spec §7: the getConfig sign is computed from a fixed constant and the shop URL. */
export function configSign(shopUrl: string): string {
  return sha256Hex(`${CONFIG_SIGN_SALT}:${shopUrl.trim().toLowerCase()}`);
}
