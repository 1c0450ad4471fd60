import { createHmac, timingSafeEqual } from 'node:crypto';

/** The signature header's value for a body: `sha256=` and the hex HMAC-SHA256 under the secret. */
export const signBody = (secret: string, body: Buffer | string): string =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

/** Compares in constant time, so the answer's timing tells nothing about how much of a forgery was right. */
export function signatureMatches(secret: string, body: Buffer, header: string): boolean {
  const expected = Buffer.from(signBody(secret, body));
  const given = Buffer.from(header.trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
}
