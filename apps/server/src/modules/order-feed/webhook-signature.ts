import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Signatures of the order webhook, as Standard Webhooks 1.0 makes them: `v1,` and the base64 HMAC-SHA256 of
 * `{id}.{timestamp}.{body}`, keyed with the bytes the `whsec_` secret holds in base64.
 */
const PREFIX = 'whsec_';

/** A new shop's webhook secret: 32 random bytes, written as Standard Webhooks writes secrets. */
export const newWebhookSecret = (): string => `${PREFIX}${randomBytes(32).toString('base64')}`;

/**
 * The secret as Standard Webhooks writes it. Secrets made before (32 random bytes in base64url, no prefix) are the
 * same bytes written the other way.
 */
export const standardSecret = (stored: string): string =>
  stored.startsWith(PREFIX) ? stored : `${PREFIX}${Buffer.from(stored, 'base64url').toString('base64')}`;

const keyOf = (secret: string): Buffer => Buffer.from(standardSecret(secret).slice(PREFIX.length), 'base64');

export interface SignedDelivery {
  id: string;
  timestamp: number;
  body: Buffer | string;
}

/** The `webhook-signature` header's value for a delivery. */
export function signDelivery(secret: string, { id, timestamp, body }: SignedDelivery): string {
  const hmac = createHmac('sha256', keyOf(secret))
    .update(`${id}.${String(timestamp)}.`)
    .update(body);
  return `v1,${hmac.digest('base64')}`;
}

/**
 * Whether one of the header's space-separated signatures is the delivery's (other versions than v1 are passed
 * over). Compared in constant time, so the answer's timing tells nothing about how much of a forgery was right.
 */
export function signatureMatches(secret: string, delivery: SignedDelivery, header: string): boolean {
  const expected = Buffer.from(signDelivery(secret, delivery));
  return header
    .split(' ')
    .map((signature) => Buffer.from(signature))
    .some((given) => given.length === expected.length && timingSafeEqual(given, expected));
}
