import { createHmac, randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const STEP_SECONDS = 30;

export function base32(bytes: Buffer): string {
  let bits = '';
  for (const byte of bytes) bits += byte.toString(2).padStart(8, '0');
  let out = '';
  for (let i = 0; i < bits.length; i += 5) out += ALPHABET.charAt(parseInt(bits.slice(i, i + 5).padEnd(5, '0'), 2));
  return out;
}

function fromBase32(text: string): Buffer {
  let bits = '';
  for (const char of text.replace(/=+$/, '').toUpperCase()) bits += ALPHABET.indexOf(char).toString(2).padStart(5, '0');
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** A new 160-bit secret, base32 as authenticator apps take it (RFC 4226 recommends 160 bits). */
export const newTotpSecret = (): string => base32(randomBytes(20));

/** RFC 6238 code (HMAC-SHA1, 6 digits, 30 s steps) of the step `step`. */
export function totpAt(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', fromBase32(secret)).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return value.toString().padStart(6, '0');
}

/**
 * The time step whose code this is: now's, or the one before or after (clocks drift; typing takes time). Null when
 * it is none of them, or when it is not later than `usedStep`, the step of the last code taken (a code works once).
 */
export function totpStep(secret: string, code: string, nowSeconds: number, usedStep = 0): number | null {
  const step = Math.floor(nowSeconds / STEP_SECONDS);
  return [step - 1, step, step + 1].find((s) => s > usedStep && totpAt(secret, s) === code) ?? null;
}

export const otpauthUrl = (secret: string, account: string, issuer: string): string =>
  `otpauth://totp/${encodeURIComponent(`${issuer}:${account}`)}?secret=${secret}&issuer=${encodeURIComponent(issuer)}&algorithm=SHA1&digits=6&period=${STEP_SECONDS}`;
