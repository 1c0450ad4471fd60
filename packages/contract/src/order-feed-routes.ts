import type { MerchantRoute } from './merchant-route.js';
import {
  IMPORT_BATCH_MAX,
  ORDER_WEBHOOK,
  ORDER_WEBHOOK_TOLERANCE_SECONDS,
  externalId,
  feedOrder,
  orderWebhookAnswer,
  orderImportAnswer,
  orderImportBody,
  orderUpsert,
  orderUpsertAnswer,
} from './order-feed.js';

/** The merchant API's order feed (merchantRoutes, docs/feeding-orders.md): one order, a batch, or a signed webhook. */
export const orderFeedRoutes = {
  upsertOrder: {
    method: 'PUT',
    path: '/orders/{id}',
    summary:
      "Create or replace one order of your own store, by your store's order id (idempotent: the same body twice changes nothing)",
    id: externalId,
    body: orderUpsert,
    answer: orderUpsertAnswer,
    refusals: [409],
  },
  importOrders: {
    method: 'POST',
    path: '/orders/import',
    summary: `Create or replace up to ${String(IMPORT_BATCH_MAX)} orders at once, each with its \`id\`; each is saved or refused on its own`,
    body: orderImportBody,
    answer: orderImportAnswer,
    refusals: [409],
  },
  orderWebhook: {
    method: 'POST',
    path: '/webhooks/orders',
    summary: `Receive one order from your store as a webhook: the body is an order with its \`id\`, signed as Standard Webhooks under the shop's \`whsec_\` webhook secret: \`${ORDER_WEBHOOK.idHeader}\` (unique per event; a repeated one is applied once), \`${ORDER_WEBHOOK.timestampHeader}\` (unix seconds, at most ${String(ORDER_WEBHOOK_TOLERANCE_SECONDS / 60)} minutes off) and \`${ORDER_WEBHOOK.signatureHeader}: v1,<base64 HMAC-SHA256 of id.timestamp.body>\`, with \`${ORDER_WEBHOOK.shopHeader}\`; a bad or old signature gets 401`,
    auth: 'signature',
    body: feedOrder,
    answer: orderWebhookAnswer,
    refusals: [409],
  },
} satisfies Record<string, MerchantRoute>;
