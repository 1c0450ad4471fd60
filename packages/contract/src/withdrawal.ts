import { z } from 'zod';
import { defineCall } from './call.js';
import { lang } from './calls/shared.js';
import { email, id, int, orderNumber, shopUrl, unixSeconds } from './envelope.js';

// The EU withdrawal function (Directive 2011/83/EU Art. 11a, inserted by Directive (EU) 2023/2673; ADR 046).

/** The legal withdrawal period (Art. 9(1)): a shop may set a longer one, never a shorter one. */
export const WITHDRAWAL_PERIOD_DAYS = 14;
export const WITHDRAWAL_PERIOD_MAX_DAYS = 365;
/** The trader refunds within 14 days of being informed of the withdrawal (Art. 13(1)). */
export const WITHDRAWAL_REFUND_DAYS = 14;
/** `return_requests.request_type` of a request made by a withdrawal (1 a return, 2 an exchange: spec §7 `type`). */
export const WITHDRAWAL_REQUEST_TYPE = 3;

/** The shop's setting: `enabled` null follows the shop (on when it sells in EUR or ships from the EU/EEA). */
export const withdrawalSetting = z.object({
  enabled: z.boolean().nullable().default(null),
  period_days: z
    .number()
    .int()
    .min(WITHDRAWAL_PERIOD_DAYS, `The withdrawal period is at least ${WITHDRAWAL_PERIOD_DAYS} days`)
    .max(WITHDRAWAL_PERIOD_MAX_DAYS, `The withdrawal period is at most ${WITHDRAWAL_PERIOD_MAX_DAYS} days`)
    .default(WITHDRAWAL_PERIOD_DAYS),
});
export type WithdrawalSetting = z.infer<typeof withdrawalSetting>;

const name = z.string().trim().min(1).max(200);
const withdrawalOrder = { shop_url: shopUrl, order_number: orderNumber, email };

/** An item of the order as step 1 may show it (only to the order's own email, under the sign-in limits). */
export const withdrawalItem = z.object({
  line_item_id: int,
  title: z.string(),
  variant_title: z.string(),
  quantity: int,
});
export type WithdrawalItem = z.infer<typeof withdrawalItem>;

/** Step 1's "some items": the order's items when the order number and email match it; otherwise none. */
export const withdrawalItems = defineCall({
  method: 'POST',
  base: 'go',
  name: 'withdrawal/items',
  auth: false,
  payload: z.object(withdrawalOrder),
  answer: z.object({ items: z.array(withdrawalItem) }),
});

export const withdrawalScope = z.enum(['order', 'items']);
export type WithdrawalScope = z.infer<typeof withdrawalScope>;

/** Step 2's "Confirm withdrawal": the declaration exactly as the consumer gave it (Art. 11a(2)). */
export const withdrawalDeclaration = z.object({
  ...withdrawalOrder,
  name,
  scope: withdrawalScope,
  /** Picked items (scope `items`, when step 1 could show them). */
  items: z
    .array(z.object({ line_item_id: id, quantity: z.number().int().min(1).max(10_000) }))
    .max(100)
    .default([]),
  /** Items described in the consumer's own words (scope `items`). */
  items_text: z.string().trim().max(2000).default(''),
  lang,
});
export type WithdrawalDeclarationInput = z.input<typeof withdrawalDeclaration>;

/** The same answer whether or not the order was found: the declaration's reference and when it was received. */
export const withdrawalReceipt = z.object({ reference: z.string(), declared_at: unixSeconds });

export const declareWithdrawal = defineCall({
  method: 'POST',
  base: 'go',
  name: 'withdrawal/declare',
  auth: false,
  payload: withdrawalDeclaration,
  answer: withdrawalReceipt,
});

/** A stored declaration as the merchant sees it (GET /merchant/v1/withdrawals). */
export const merchantWithdrawal = z.object({
  id: int,
  reference: z.string(),
  name: z.string(),
  email: z.string(),
  order_number: z.string(),
  scope: withdrawalScope,
  items: z.array(z.object({ line_item_id: int, title: z.string(), quantity: int })),
  items_text: z.string(),
  language: z.string(),
  declared_at: unixSeconds,
  /** Art. 13(1): the refund is due within 14 days of the declaration. */
  refund_by: unixSeconds,
  /** Whether the order was found for this email; the request it became or staff linked it to (null when none). */
  matched: z.boolean(),
  request_id: int.nullable(),
  /** Who linked it to `request_id` at the desk, and when; null when it made its request itself, or has none. */
  linked: z.object({ by: z.string(), at: unixSeconds }).nullable().default(null),
  /** Whether it arrived within the shop's period counted from delivery (null when the order was not found). */
  within_period: z.boolean().nullable(),
});
export type MerchantWithdrawal = z.infer<typeof merchantWithdrawal>;

/** What the console shows of a request made by a withdrawal: when it was declared and the refund's legal deadline. */
export const requestWithdrawal = z
  .object({ declared_at: unixSeconds, refund_by: unixSeconds })
  .nullable()
  .default(null);

export const withdrawalReference = (id: number) => `W-${String(id).padStart(6, '0')}`;

/** Which declarations the list shows: all of them, or only those without a request (`none`), for staff to link. */
export const withdrawalRequestFilter = z.enum(['any', 'none']);
export type WithdrawalRequestFilter = z.infer<typeof withdrawalRequestFilter>;

export const withdrawalListQuery = z.object({
  request: withdrawalRequestFilter.default('any'),
  cursor: id.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
