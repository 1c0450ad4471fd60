/**
 * What a dearer exchange's difference was paid with on the local store (migration 054, ADR 047), owned by
 * modules/exchanges/difference-payments: the payment to give back if the platform later cancels the paid draft.
 */
export interface ExchangeDifferencesTable {
  shop_id: number;
  draft_id: string;
  /** Our number of the order the exchange comes from (DraftOrder.fromOrderId): a draft of it may replace this one. */
  order_id: number;
  /** The payments provider's id of the captured payment. */
  payment_id: string;
  /** What was captured, in minor units of `currency`. */
  amount: number;
  currency: string;
  /** What was given back to the shopper's card (0 until the draft is cancelled). */
  refunded: number;
  created_at: number;
  /** When it was refunded (unix seconds); null while not. */
  refunded_at: number | null;
}

export interface ExchangeDifferencesSchema {
  exchange_differences: ExchangeDifferencesTable;
}
