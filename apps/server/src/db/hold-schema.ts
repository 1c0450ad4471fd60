import type { Generated } from 'kysely';

/**
 * An instant exchange's card hold on return_requests (migration 046, ADR 047), owned by modules/requests. Money in minor
 * units of the request's currency; '' and 0 on a request that is not an instant exchange.
 */
export interface HoldRequestColumns {
  /** The payments provider's id of the hold. */
  hold_payment_id: Generated<string>;
  /** '' (no hold), then the port's state as last seen: held, captured or released. */
  hold_state: Generated<string>;
  hold_amount: Generated<number>;
  hold_captured: Generated<number>;
  /** When the hold is let go: `received` or `first_scan` (a rule's choice). */
  hold_release_on: Generated<string>;
  /** When the hold is captured in full if the parcel has not arrived (unix seconds); 0 once settled. */
  hold_capture_at: Generated<number>;
  /** Our idempotency key of the hold's start (the same key finds the same hold). */
  hold_key: Generated<string>;
  /** Our idempotency key of the hold's capture or release, once one was asked for (a retry reuses it). */
  hold_settle_key: Generated<string>;
}

/**
 * The card holds the portal's hold step started (migration 052, ADR 047), owned by modules/returns/instant-holds: a hold
 * is started before any request exists, so the submit finds here the holds of the order that no request keeps.
 */
export interface InstantHoldsTable {
  shop_id: number;
  /** The exchange draft the hold is for (its key is the shop's and the draft's). */
  draft_id: string;
  /** Our number of the order (the port's order id, as return_requests.order_id keeps it). */
  order_id: number;
  payment_id: string;
  hold_key: string;
  /** `started`, then `kept` (a request holds it), or `releasing` and `let_go` (released as unused or abandoned). */
  state: string;
  created_at: number;
}

export interface InstantHoldsSchema {
  instant_holds: InstantHoldsTable;
}
