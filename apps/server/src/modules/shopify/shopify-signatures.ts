import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The three ways Shopify signs what it sends us, all HMAC-SHA256 with the app's client secret, compared in constant
 * time. https://shopify.dev/docs/apps/build/authentication-authorization, …/webhooks, …/online-store/app-proxies
 */

const hmac = (secret: string, message: string | Buffer) => createHmac('sha256', secret).update(message);

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

type Query = Record<string, string | string[] | undefined>;

/**
 * How far a signed request's `timestamp` may be from our clock, either way: Shopify's own library refuses an OAuth
 * callback or an app-proxy request more than 90 s off, so a captured one cannot be used later.
 */
export const MAX_SIGNED_SKEW_SECONDS = 90;

/** A `timestamp` parameter (whole seconds) within MAX_SIGNED_SKEW_SECONDS of `now`. */
export function freshTimestamp(value: unknown, now: number): boolean {
  return (
    typeof value === 'string' && /^\d{1,12}$/.test(value) && Math.abs(now - Number(value)) <= MAX_SIGNED_SKEW_SECONDS
  );
}

const values = (value: string | string[] | undefined) => (Array.isArray(value) ? value : [value ?? '']);

/** OAuth redirects: every parameter but `hmac`, sorted, as `k=v` joined by `&`, hex. */
export function verifyQueryHmac(query: Query, secret: string): boolean {
  const given = typeof query.hmac === 'string' ? query.hmac : '';
  const message = Object.keys(query)
    .filter((k) => k !== 'hmac')
    .sort()
    .map((k) => `${k}=${values(query[k]).join(',')}`)
    .join('&');
  return given !== '' && sameText(hmac(secret, message).digest('hex'), given);
}

/** Webhooks: the raw body, base64 in X-Shopify-Hmac-Sha256. */
export function verifyWebhookHmac(raw: Buffer, header: string | undefined, secret: string): boolean {
  return !!header && sameText(hmac(secret, raw).digest('base64'), header);
}

/** App proxy: every parameter but `signature`, sorted, as `k=v` (several values joined by commas), no separator. */
export function verifyProxySignature(query: Query, secret: string): boolean {
  const given = typeof query.signature === 'string' ? query.signature : '';
  const message = Object.keys(query)
    .filter((k) => k !== 'signature')
    .sort()
    .map((k) => `${k}=${values(query[k]).join(',')}`)
    .join('');
  return given !== '' && sameText(hmac(secret, message).digest('hex'), given);
}

/** Signs our own short values (the OAuth state cookie). */
export const signValue = (value: string, secret: string) =>
  `${value}.${hmac(`state:${secret}`, value).digest('base64url')}`;

/** The value of a signValue answer, or null when the signature is not ours. */
export function unsignValue(signed: string, secret: string): string | null {
  const value = signed.slice(0, signed.lastIndexOf('.'));
  return value && sameText(signValue(value, secret), signed) ? value : null;
}

/** A test or a fake signs like Shopify. */
export const sign = {
  query: (message: string, secret: string) => hmac(secret, message).digest('hex'),
  webhook: (raw: string | Buffer, secret: string) => hmac(secret, raw).digest('base64'),
};
