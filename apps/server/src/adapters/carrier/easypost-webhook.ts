import { createHmac, timingSafeEqual } from 'node:crypto';
import type { CarrierEventReading, CarrierWebhook } from './port.js';

/**
 * Reads a webhook request from EasyPost. It signs the raw body with HMAC-SHA256 keyed by the webhook secret in
 * Unicode NFKD form and sends `X-Hmac-Signature: hmac-sha256-hex=<hex>`, which is checked in constant time, as
 * `Utils.validateWebhook` of @easypost/api does. That function also rewrites `"weight": 12` as `12.0` before
 * hashing, to mend bodies parsed and serialized again; the raw body we take already reads as EasyPost sent it.
 */
export function readEasyPostEvent(
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
  secret: string,
): CarrierEventReading {
  const header = Object.entries(headers).find(([name]) => name.toLowerCase() === 'x-hmac-signature')?.[1];
  const signature = Array.isArray(header) && header.length === 1 ? header[0] : header;
  if (typeof signature !== 'string' || secret === '') return { ok: false, reason: 'signature' };
  const digest = createHmac('sha256', Buffer.from(secret.normalize('NFKD'), 'utf8'))
    .update(rawBody)
    .digest('hex');
  const expected = Buffer.from(`hmac-sha256-hex=${digest}`, 'utf8');
  const given = Buffer.from(signature, 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'signature' };

  let event: unknown;
  try {
    event = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return { ok: false, reason: 'ignored' };
  }
  const field = (value: unknown, key: string): unknown =>
    value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  const result = field(event, 'result');
  const [id, description, trackingCode, status, createdAt] = [
    field(event, 'id'),
    field(event, 'description'),
    field(result, 'tracking_code'),
    field(result, 'status'),
    field(event, 'created_at'),
  ];
  const at = typeof createdAt === 'string' ? Math.floor(Date.parse(createdAt) / 1000) : Number.NaN;
  if (
    field(result, 'object') !== 'Tracker' ||
    typeof id !== 'string' ||
    typeof description !== 'string' ||
    typeof trackingCode !== 'string' ||
    typeof status !== 'string' ||
    Number.isNaN(at)
  )
    return { ok: false, reason: 'ignored' };
  return { ok: true, event: { id, description, trackingCode, status, at } };
}

/** EasyPost's tracker webhook, signed with `secret`. */
export const easyPostWebhook = (secret: string): CarrierWebhook => ({
  read: (rawBody, headers) => readEasyPostEvent(rawBody, headers, secret),
});
