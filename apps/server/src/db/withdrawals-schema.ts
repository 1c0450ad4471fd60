import type { Generated } from 'kysely';

/**
 * The EU withdrawal declarations (issue 35 point 1, ADR 046), owned by modules/withdrawals: inserted once, never
 * updated (Art. 11a(4) acknowledges exactly what was received, and when).
 */
export interface WithdrawalsTable {
  id: Generated<number>;
  shop_id: number;
  /** As the consumer typed them. */
  name: string;
  email: string;
  order_number: string;
  /** `order` (the whole order) or `items`. */
  scope: string;
  /** JSON `[{ line_item_id, title, quantity }]` of picked items (scope `items`, order found). */
  items: string;
  /** The items in the consumer's own words. */
  items_text: string;
  language: string;
  /** The order, when its number and email matched one of the shop's; the request it became (null when none). */
  order_id: number | null;
  request_id: number | null;
  /** 1 within the shop's period, 0 after it, null when the order was not found. */
  within_period: number | null;
  declared_at: number;
}

/**
 * A declaration that made no request itself, linked by staff to its order's open request or to the withdrawal request
 * they made of its order (migration 044): once per declaration, beside it, for the declaration never changes.
 */
export interface WithdrawalLinksTable {
  withdrawal_id: number;
  shop_id: number;
  request_id: number;
  /** Who linked it: `console:<email>`, `merchant-api` or `cli`. */
  linked_by: string;
  linked_at: number;
}

/** The withdrawal's column of return_requests (migration 044), owned by modules/requests. */
export interface WithdrawalRequestColumns {
  /**
   * When the withdrawal the request answers was declared (the earliest, when staff linked more than one): the refund
   * is due 14 days after it. Null for a request no withdrawal made or was linked to.
   */
  withdrawal_declared_at: number | null;
}

export interface WithdrawalsSchema {
  withdrawals: WithdrawalsTable;
  withdrawal_links: WithdrawalLinksTable;
}
