import { staffRole, webhookEventType } from '@return-center/contract';
import { z } from 'zod';
import { RETURN_DECISIONS } from '../../adapters/store-platform/port.js';
import { REQUEST_EMAILS } from '../notifications/request-emails.js';

const requestId = z.number().int().positive();
/** The moments a request's rules may act: when it is submitted, approved, received, and first scanned by the carrier. */
export const RULE_MOMENTS = ['submitted', 'approved', 'received', 'first_scan'] as const;
const request = z.object({ requestId });
/** A day as YYYY-MM-DD (UTC). */
const retentionDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** Why an instant exchange's hold is settled (ADR 047); the job decides the amount from the request as it is then. */
export const HOLD_SETTLE_REASONS = ['received', 'first_scan', 'rejected', 'overdue'] as const;
export type HoldSettleReason = (typeof HOLD_SETTLE_REASONS)[number];
/** Minor units. */
const amount = z.number().int().nonnegative();

/**
 * Every kind of background job and the payload it carries, checked when a job is queued and again before it runs:
 * a payload is stored as JSON, so a job queued by an older or newer server is read through the same schema.
 */
export const JOB_KINDS = {
  /** A shopper's sign-in code (auth). */
  'auth.send-code': z.object({ shopId: z.number().int().positive(), email: z.string(), lang: z.string() }),
  /** A password reset or an invitation mailed to staff (staff). */
  'staff.link': z.discriminatedUnion('purpose', [
    z.object({ purpose: z.literal('reset'), email: z.string() }),
    z.object({ purpose: z.literal('invite'), email: z.string(), shopId: z.number().int().positive(), role: staffRole }),
  ]),
  'request.documents': request,
  'request.refund': z.object({ requestId, amount }),
  'request.exchange.complete': request,
  'request.exchange.release': request,
  /** Captures or lets go an instant exchange's card hold, once per request (ADR 047). */
  'request.exchange.hold': z.object({ requestId, reason: z.enum(HOLD_SETTLE_REASONS) }),
  /**
   * Lets go the card holds of an order's hold step that no request keeps (ADR 047): after its new request, or, with
   * `startedBy` (unix seconds), those started by then and abandoned.
   */
  'exchange.unused-holds': z.object({
    shopId: z.number().int().positive(),
    orderId: z.number().int().positive(),
    startedBy: z.number().int().nonnegative().optional(),
  }),
  /** Gives back the differences paid on the local store for an order's exchange drafts since cancelled (ADR 047). */
  'exchange.difference-refunds': z.object({
    shopId: z.number().int().positive(),
    orderId: z.number().int().positive(),
  }),
  'request.payout.check': z.object({ requestId, amount, attempt: z.number().int().positive() }),
  'request.platform-return': z.object({ requestId, decision: z.enum(RETURN_DECISIONS) }),
  'request.pickup': request,
  'request.notify': z.object({ requestId, event: z.enum(REQUEST_EMAILS), amount: z.number().int().min(0).optional() }),
  /** The buyer's notice that a gift from their order is being returned, when the shop tells buyers (ADR 044). */
  'request.gift-notice': request,
  /** What the shop's rules do without a person at a moment of the request: review it, receive or refund it. */
  'request.rules': z.object({ requestId, moment: z.enum(RULE_MOMENTS) }),
  /** Something that happened to a request, for the shop's webhooks and event feed; `key` names it (once each). */
  'request.announce': z.object({ requestId, type: webhookEventType, key: z.string().min(1).max(160) }),
  /** One try of a webhook delivery (webhooks); `attempt` counts from 1, so each try is its own job. */
  'webhook.deliver': z.object({ deliveryId: z.number().int().positive(), attempt: z.number().int().positive() }),
  /** The acknowledgement of receipt of a withdrawal declaration, with its PDF (withdrawals, ADR 046). */
  'withdrawal.acknowledge': z.object({ withdrawalId: z.number().int().positive() }),
  /** A day's retention (ADR 050): queues each shop's, and deletes the leftovers that name no shop. */
  'retention.run': z.object({ day: retentionDay }),
  /** One shop's retention of a day, a bounded part at a time (`part` counts from 1). */
  'retention.shop': z.object({
    shopId: z.number().int().positive(),
    day: retentionDay,
    part: z.number().int().positive(),
  }),
  /** Tells a shop's owner that an endpoint which kept failing was turned off. */
  'webhook.endpoint-disabled': z.object({ endpointId: z.number().int().positive() }),
} satisfies Record<string, z.ZodType>;

export type JobKind = keyof typeof JOB_KINDS;
export type JobPayload<K extends JobKind> = z.output<(typeof JOB_KINDS)[K]>;
