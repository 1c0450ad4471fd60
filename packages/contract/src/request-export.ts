/**
 * The columns of the requests' CSV export (issue 33), in order. One row per returned item, with the request's columns
 * repeated on each; a request without items has one row with the item columns empty. Dates are ISO 8601 in UTC, money
 * is a decimal in the request's currency (e.g. `12.50` EUR, `1200` JPY).
 */
export const EXPORT_COLUMNS = [
  'rma',
  'request_id',
  'order',
  'customer_email',
  'status',
  'created_at',
  'approved_at',
  'received_at',
  'refunded_at',
  'solution',
  'method',
  'currency',
  /** What the request was worth back when submitted (before staff overrides). */
  'refund_due',
  /** Money paid back: to the original payment or by bank transfer. */
  'refunded',
  /** Store credit given: a discount code or a gift card. */
  'credited',
  /** What the return was worth towards an exchange's new items. */
  'exchanged',
  /** Return, label and restocking fees kept from the return. */
  'fees',
  'tracking_number',
  'carrier',
  'item_sku',
  'item_title',
  'item_variant',
  'item_quantity',
  'item_reason',
  /** Per-item inspection (the desk's receiving): empty until an item is inspected. */
  'item_condition',
  'item_outcome',
] as const;
export type ExportColumn = (typeof EXPORT_COLUMNS)[number];
