import {
  Code,
  deliveryId,
  LEGACY_ORDER_WEBHOOK,
  ORDER_WEBHOOK,
  ORDER_WEBHOOK_TOLERANCE_SECONDS,
  webhookTimestamp,
} from '@return-center/contract';
import type { z } from 'zod';
import { AppError, errors } from '../../http/app-error.js';
import type { Shop } from '../storefront-config/shop.js';
import type { SignedDelivery } from './webhook-signature.js';

const { idHeader, timestampHeader, signatureHeader, shopHeader } = ORDER_WEBHOOK;

/** What a sender of the scheme before Standard Webhooks is told: it signed the body only, so it could be replayed. */
export const LEGACY_SIGNATURE_REFUSED =
  `This webhook is signed as Standard Webhooks now: send ${idHeader}, ${timestampHeader} and ${signatureHeader} ` +
  `(v1, and the base64 HMAC-SHA256 of id.timestamp.body under the key of your whsec_ secret). ` +
  `${LEGACY_ORDER_WEBHOOK.signatureHeader} and ${LEGACY_ORDER_WEBHOOK.deliveryHeader} are no longer read: ` +
  'see "Receive orders as a signed webhook" in docs/feeding-orders.md';

export const SIGNATURE_REFUSED = 'The signature does not match';

export interface DeliveryChecks {
  shopByUrl(url: string): Promise<Shop | null>;
  signedBy(shop: Shop, delivery: SignedDelivery, signature: string): Promise<boolean>;
  /** Counts a refused signature against the sender's address. */
  refused(): Promise<void>;
  /** The server's time, unix seconds. */
  now(): number;
}

const headerValue = <T extends z.ZodType>(name: string, schema: T, value: string): z.output<T> => {
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw errors.invalidInput(`${name}: ${value === '' ? 'required' : (parsed.error.issues[0]?.message ?? 'invalid')}`);
  return parsed.data;
};

/**
 * The shop and delivery of a signed webhook, or the refusal: its id and time are checked for form (400), its
 * signature under the shop's secret (401, counted against the address like a wrong key), then its age (401: a
 * delivery captured and sent again later is refused, and under another id its signature does not match).
 */
export async function verifyDelivery(
  header: (name: string) => string,
  body: Buffer,
  checks: DeliveryChecks,
): Promise<{ shop: Shop; delivery: SignedDelivery }> {
  const signature = header(signatureHeader);
  // No secret is involved in telling an old sender what changed, so it is not counted as a refused signature.
  if (!signature && header(LEGACY_ORDER_WEBHOOK.signatureHeader))
    throw new AppError(Code.Unauthorized, LEGACY_SIGNATURE_REFUSED, 401);
  const delivery = {
    id: headerValue(idHeader, deliveryId, header(idHeader)),
    timestamp: headerValue(timestampHeader, webhookTimestamp, header(timestampHeader)),
    body,
  };
  const shop = await checks.shopByUrl(header(shopHeader));
  if (!shop || !(await checks.signedBy(shop, delivery, signature))) {
    await checks.refused();
    throw new AppError(Code.Unauthorized, SIGNATURE_REFUSED, 401);
  }
  const off = Math.abs(checks.now() - delivery.timestamp);
  if (off > ORDER_WEBHOOK_TOLERANCE_SECONDS)
    throw new AppError(
      Code.Unauthorized,
      `${timestampHeader}: signed at ${String(delivery.timestamp)}, ${String(off)} s from the server's clock (at most ` +
        `${String(ORDER_WEBHOOK_TOLERANCE_SECONDS)}): sign each attempt when you send it, and check the sender's clock`,
      401,
    );
  return { shop, delivery };
}
