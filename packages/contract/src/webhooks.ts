import { z } from 'zod';
import { id, int, unixSeconds } from './envelope.js';
import type { MerchantRoute } from './merchant-route.js';

/** What a merchant's other systems may subscribe to (issue 34). */
export const WEBHOOK_EVENT_TYPES = [
  'request.created',
  'request.approved',
  'request.rejected',
  'request.received',
  'request.refunded',
  'request.resolved',
  'request.updated',
  'exchange.order_created',
  'label.created',
  'tracking.updated',
  'payout.failed',
  'rule.flagged',
] as const;
export const webhookEventType = z.enum(WEBHOOK_EVENT_TYPES);
export type WebhookEventType = z.infer<typeof webhookEventType>;

/**
 * When a failed delivery is tried again, in seconds after the try before: eleven tries over just under three days. An
 * endpoint that has answered nothing but failures for WEBHOOK_DISABLE_AFTER_SECONDS is turned off and its shop's owner
 * emailed; its failed deliveries wait to be resent.
 */
export const WEBHOOK_RETRY_SECONDS = [5, 300, 1800, 7200, 18_000, 36_000, 36_000, 36_000, 50_400, 72_000] as const;
export const WEBHOOK_DISABLE_AFTER_SECONDS = 2 * 86_400;
/** A receiver must answer within this many milliseconds; what it answers is kept up to this many bytes. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
export const WEBHOOK_RESPONSE_KEPT_BYTES = 2048;
export const WEBHOOK_ENDPOINTS_PER_SHOP = 20;

const endpointUrl = z
  .url({ protocol: /^https?$/, normalize: true })
  .max(2000)
  .refine((url) => !/^[a-z]+:\/\/[^/]*@/i.test(url), 'no user or password in the address');

export const webhookEndpointBody = z.object({
  url: endpointUrl,
  description: z.string().trim().max(200).default(''),
  /** The events it receives; at least one. */
  events: z.array(webhookEventType).min(1).max(WEBHOOK_EVENT_TYPES.length),
});
export const webhookEndpointChange = z.object({
  url: endpointUrl.optional(),
  description: z.string().trim().max(200).optional(),
  events: z.array(webhookEventType).min(1).max(WEBHOOK_EVENT_TYPES.length).optional(),
  /** Turning an endpoint back on clears why it was turned off; failed deliveries stay failed until resent. */
  enabled: z.boolean().optional(),
});

export const webhookEndpoint = z.object({
  id: int,
  url: z.string(),
  description: z.string(),
  events: z.array(webhookEventType),
  enabled: z.boolean(),
  /** Why it was turned off ("failing since …"), empty while on or when the merchant turned it off. */
  disabled_reason: z.string(),
  created_at: unixSeconds,
});
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;
/** An endpoint as it is made or its secret rotated: the only answers that carry the secret. */
export const webhookEndpointWithSecret = webhookEndpoint.extend({ secret: z.string() });

export const webhookDeliveryStatus = z.enum(['pending', 'succeeded', 'failed']);
export const webhookDelivery = z.object({
  id: int,
  event_id: z.string(),
  event_type: webhookEventType,
  /** pending: being tried (again); failed: every try failed, or the endpoint was turned off. */
  status: webhookDeliveryStatus,
  attempts: int,
  /** The last try's HTTP status (0: no answer) and how long it took. */
  response_status: int,
  latency_ms: int,
  /** What was sent, and the start of what came back (or why nothing did). */
  request_body: z.string(),
  response_body: z.string(),
  next_attempt_at: unixSeconds.nullable(),
  created_at: unixSeconds,
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

/** An event as receivers and the feed get it. `sequence` grows with each event of a shop. */
export const webhookEvent = z.object({
  id: z.string(),
  type: webhookEventType,
  sequence: int,
  created_at: unixSeconds,
  data: z.record(z.string(), z.unknown()),
});
export type WebhookEvent = z.infer<typeof webhookEvent>;

export const eventFeedQuery = z.object({
  /** The `sequence` of the last event read: the feed answers those after it, oldest first. */
  after: z.coerce.number().int().min(0).default(0),
  type: webhookEventType.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/** The merchant API's webhook routes (merged into merchantRoutes). */
export const webhookRoutes = {
  listWebhooks: {
    method: 'GET',
    path: '/webhooks',
    summary: 'The endpoints that receive events',
    answer: z.object({ items: z.array(webhookEndpoint) }),
  },
  createWebhook: {
    method: 'POST',
    path: '/webhooks',
    summary: `Subscribe an endpoint to events; the answer carries its signing secret (Standard Webhooks \`whsec_…\`), shown this once. At most ${String(WEBHOOK_ENDPOINTS_PER_SHOP)} per shop`,
    body: webhookEndpointBody,
    answer: webhookEndpointWithSecret,
    refusals: [409, 422],
  },
  updateWebhook: {
    method: 'PUT',
    path: '/webhooks/{id}',
    summary: 'Change an endpoint: its address, description, events, or turn it off and on',
    id,
    body: webhookEndpointChange,
    answer: webhookEndpoint,
    refusals: [404, 422],
  },
  rotateWebhookSecret: {
    method: 'POST',
    path: '/webhooks/{id}/rotate-secret',
    summary: 'Give an endpoint a new signing secret (the old one stops at once); the answer carries it',
    id,
    answer: webhookEndpointWithSecret,
    refusals: [404],
  },
  listWebhookDeliveries: {
    method: 'GET',
    path: '/webhooks/{id}/deliveries',
    summary: "An endpoint's latest deliveries, newest first: status, latency, what was sent and answered",
    id,
    query: z.object({
      status: webhookDeliveryStatus.optional(),
      limit: z.coerce.number().int().min(1).max(100).default(50),
    }),
    answer: z.object({ items: z.array(webhookDelivery) }),
    refusals: [404],
  },
  resendFailedWebhooks: {
    method: 'POST',
    path: '/webhooks/{id}/resend-failed',
    summary: "Send each of an endpoint's failed deliveries again, now",
    id,
    answer: z.object({ resent: int }),
    refusals: [404, 409],
  },
  resendWebhookDelivery: {
    method: 'POST',
    path: '/webhook-deliveries/{id}/resend',
    summary: 'Send one delivery again, now',
    id,
    answer: webhookDelivery,
    refusals: [404, 409],
  },
  listEvents: {
    method: 'GET',
    path: '/events',
    summary:
      'The events, oldest first after a `sequence` (the same events webhooks carry), for systems that poll instead',
    query: eventFeedQuery,
    answer: z.object({ items: z.array(webhookEvent), last_sequence: int }),
  },
} satisfies Record<string, MerchantRoute>;
