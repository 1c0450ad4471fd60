import { z } from 'zod';
import { email, int, minor, normalizeOrderNumber, orderNumber, unixSeconds } from './envelope.js';

/**
 * Orders fed by the merchant's own store (WooCommerce, Magento, their own code): the body of
 * `PUT /merchant/v1/orders/{id}`, of the order webhook and of each row group of a bulk import.
 * Money is in minor units of `currency`; times are unix seconds.
 */

/** The store's own id of an order, line or refund, as it names it. */
export const externalId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._:-]{1,64}$/, 'An id is 1 to 64 letters, digits, dots, colons, dashes or underscores');

/**
 * The most any amount of a fed order may be in minor units, and what a line (price × quantity) and the whole order
 * may come to: 10^13 (100 billion in a currency of two decimals). Sums, and products with quantities and percentages
 * (a restocking fee), then stay exact in a JS number and within a bigint column on every database.
 */
export const FEED_AMOUNT_MAX = 10 ** 13;
// Grouped by hand: a first `toLocaleString` loads the browser's ICU data, about 150 ms at 4× CPU while the module runs.
const feedAmountMax = `${String(FEED_AMOUNT_MAX).replace(/\B(?=(\d{3})+$)/g, ',')} minor units`;
const tooMuch = `Too large: at most ${feedAmountMax}`;

const count = int.positive().max(10_000);
const amount = minor.nonnegative().max(FEED_AMOUNT_MAX, tooMuch);
/** Up to 50 labels (tags, collections, codes), each 1 to `length` characters. */
const labels = (length: number) => z.array(z.string().trim().min(1).max(length)).max(50).default([]);

export const feedLine = z.strictObject({
  id: externalId,
  product_id: int.nonnegative().default(0),
  variant_id: int.nonnegative().default(0),
  title: z.string().trim().min(1).max(255),
  variant_title: z.string().trim().max(255).default(''),
  sku: z.string().trim().max(100).default(''),
  image: z.union([z.url({ protocol: /^https?$/ }).max(2048), z.literal('')]).default(''),
  /** The price of one unit before discounts. */
  price: amount,
  quantity: count,
  /** The discount on the whole line (all its units). */
  discount: amount.default(0),
  /** The tax on the whole line after its discount. */
  tax: amount.default(0),
  tags: labels(64),
  /** The product's type as the store names it, e.g. "Shirts". */
  product_type: z.string().trim().max(255).default(''),
  /** Who makes or supplies the product. */
  vendor: z.string().trim().max(255).default(''),
  /** The titles of the store's collections (categories) the product is in. */
  collections: labels(255),
});

export const feedRefund = z.strictObject({
  id: externalId,
  created_at: unixSeconds,
  lines: z.array(z.strictObject({ line_id: externalId, quantity: count })).max(250),
});

/** Strict: a misspelt field is refused with its name instead of being dropped. */
/** Where the order went: the default pickup address of a carrier pickup (US only). */
export const feedShippingAddress = z.strictObject({
  address1: z.string().trim().max(200),
  address2: z.string().trim().max(200).default(''),
  city: z.string().trim().max(200),
  /** The state or province code, e.g. NY. */
  province_code: z.string().trim().max(10).default(''),
  zip: z.string().trim().max(20),
  country_code: z.string().regex(/^[A-Z]{2}$/, 'A country is an ISO 3166 code such as US'),
  phone: z.string().trim().max(32).default(''),
});
export type FeedShippingAddress = z.output<typeof feedShippingAddress>;

const orderFields = z.strictObject({
  /** As the shop shows it, e.g. "#1001". */
  name: z.string().trim().min(1).max(64),
  /** What the shopper types to find it; defaults to the name without its "#". */
  number: orderNumber.optional(),
  email,
  phone: z.string().trim().max(32).default(''),
  first_name: z.string().trim().max(100).default(''),
  last_name: z.string().trim().max(100).default(''),
  currency: z.string().regex(/^[A-Z]{3}$/, 'A currency is an ISO 4217 code such as USD'),
  created_at: unixSeconds,
  fulfilled_at: unixSeconds.nullable().default(null),
  delivered_at: unixSeconds.nullable().default(null),
  shipping: amount.default(0),
  shipping_address: feedShippingAddress.nullable().default(null),
  /** The order's own tags, e.g. "wholesale" (its products' tags are on the lines). */
  tags: labels(64),
  /** The discount codes the shopper used. */
  discount_codes: labels(255),
  lines: z.array(feedLine).min(1).max(250),
  refunds: z.array(feedRefund).max(100).default([]),
});

function checkOrder(order: z.output<typeof orderFields>, ctx: z.RefinementCtx) {
  const lines = new Map(order.lines.map((line) => [line.id, line]));
  if (lines.size < order.lines.length) ctx.addIssue({ code: 'custom', path: ['lines'], message: 'Line ids repeat' });
  if (order.number === undefined && !orderNumber.safeParse(order.name).success)
    ctx.addIssue({ code: 'custom', path: ['number'], message: 'Give a number: the name is not one' });
  let total = order.shipping;
  for (const [i, line] of order.lines.entries()) {
    const value = line.price * line.quantity;
    if (value > FEED_AMOUNT_MAX)
      ctx.addIssue({
        code: 'custom',
        path: ['lines', i],
        message: `price × quantity comes to more than ${feedAmountMax}`,
      });
    else if (line.discount > value)
      ctx.addIssue({ code: 'custom', path: ['lines', i, 'discount'], message: 'The discount exceeds the line' });
    total += value + line.tax;
  }
  if (total > FEED_AMOUNT_MAX)
    ctx.addIssue({ code: 'custom', path: ['lines'], message: `The order comes to more than ${feedAmountMax}` });
  const refunded = new Map<string, number>();
  for (const [i, refund] of order.refunds.entries())
    for (const [j, part] of refund.lines.entries()) {
      const line = lines.get(part.line_id);
      const total = (refunded.get(part.line_id) ?? 0) + part.quantity;
      refunded.set(part.line_id, total);
      if (!line) ctx.addIssue({ code: 'custom', path: ['refunds', i, 'lines', j, 'line_id'], message: 'No such line' });
      else if (total > line.quantity)
        ctx.addIssue({ code: 'custom', path: ['refunds', i, 'lines', j], message: 'Refunds exceed the quantity' });
    }
}

const withNumber = <T extends { name: string; number?: string | undefined }>({ number, ...order }: T) => ({
  ...order,
  number: number ?? normalizeOrderNumber(order.name),
});

export const orderUpsert = orderFields.superRefine(checkOrder).transform(withNumber);
export type OrderUpsert = z.output<typeof orderUpsert>;

/** An order with the store's id in it: one webhook delivery, or one record of a bulk import. */
export const feedOrder = orderFields.extend({ id: externalId }).superRefine(checkOrder).transform(withNumber);
export type FeedOrder = z.output<typeof feedOrder>;

/** At most this many orders, and this many bytes of JSON, per bulk import call. */
export const IMPORT_BATCH_MAX = 500;
export const IMPORT_BODY_BYTES = 4 * 1024 * 1024;
/** The documented body of a bulk import. */
export const orderImportBody = z.object({ orders: z.array(feedOrder).min(1).max(IMPORT_BATCH_MAX) });
/** What the server parses first; each order is then parsed on its own, so one bad order does not refuse the rest. */
export const orderImportBatch = z.object({ orders: z.array(z.unknown()).min(1).max(IMPORT_BATCH_MAX) });

export const orderUpsertAnswer = z.object({
  id: externalId,
  number: z.string(),
  /** True when the order was new, false when an existing one was updated. */
  created: z.boolean(),
});

/** Each order of a batch stands alone: the good ones are saved, the bad ones say why, by their place in the batch. */
export const orderImportAnswer = z.object({
  saved: int,
  failed: z.array(z.object({ index: int, id: z.string(), error: z.string() })),
});

/**
 * The order webhook: headers the sender sets, signed as Standard Webhooks 1.0 (standardwebhooks.com) so that a
 * sender may use one of its libraries. The id and the time are signed with the body: a captured delivery cannot be
 * sent again under another id, nor after its time has passed.
 */
export const ORDER_WEBHOOK = {
  /** The shop's domain, as in `shop` of the portal's URL. */
  shopHeader: 'x-return-center-shop',
  /** Unique per event and the same on every retry of it; a repeated one is applied once. */
  idHeader: 'webhook-id',
  /** Unix seconds when this attempt was signed. */
  timestampHeader: 'webhook-timestamp',
  /** `v1,` and the base64 HMAC-SHA256 of `{id}.{timestamp}.{body}` under the key of the `whsec_` secret; several may be given, separated by spaces. */
  signatureHeader: 'webhook-signature',
} as const;
/** A delivery signed longer ago than this, or as far ahead of the server's clock, is refused. */
export const ORDER_WEBHOOK_TOLERANCE_SECONDS = 5 * 60;
/** The headers of the scheme before Standard Webhooks (the body alone signed): refused with what changed. */
export const LEGACY_ORDER_WEBHOOK = {
  deliveryHeader: 'x-return-center-delivery',
  signatureHeader: 'x-return-center-signature',
} as const;
/** Standard Webhooks signs `{id}.{timestamp}.{body}`: an id holds no dot, so its end is never in doubt. */
export const deliveryId = z
  .string()
  .regex(/^[\x21-\x2d\x2f-\x7e]{1,100}$/, '1 to 100 printable ASCII characters without dots or spaces');
export const webhookTimestamp = z
  .string()
  .regex(/^\d{1,12}$/, 'unix seconds, e.g. 1794960000')
  .transform(Number);

export const orderWebhookAnswer = orderUpsertAnswer.extend({
  /** True when this delivery id was applied before: nothing changed this time. */
  duplicate: z.boolean(),
});
