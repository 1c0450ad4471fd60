import { createHmac, timingSafeEqual } from 'node:crypto';

/** Crockford's base32: no I, L, O or U, so a printed code cannot be misread. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * The gift code printed on an order's packing slip (ADR 044): derived, never stored. An HMAC of the shop and the
 * platform's order id under the app's `gift-codes` secret, read as 8 base32 letters (40 bits): unguessable within the
 * sign-in limits, the same on every instance, and it changes for every order if the secret is rotated.
 */
export function giftCodeOf(secret: string, shopId: number, platformOrderId: string): string {
  const mac = createHmac('sha256', secret)
    .update(`gift-code:${String(shopId)}:${platformOrderId}`)
    .digest();
  const letters = Array.from(mac.subarray(0, 8), (byte) => ALPHABET[byte & 31]).join('');
  return `GIFT-${letters.slice(0, 4)}-${letters.slice(4)}`;
}

/** Compares a normalised code with the order's in constant time. */
export function isGiftCode(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
