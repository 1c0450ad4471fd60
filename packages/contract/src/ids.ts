/** Ids of DESIGN §3, inferred from the spec. */
export const SolutionId = {
  RefundOriginal: 1,
  DiscountCode: 2,
  GiftCard: 4,
  Exchange: 5,
  BankTransfer: 6,
} as const;
export type SolutionId = (typeof SolutionId)[keyof typeof SolutionId];

export const ShippingMethodId = {
  MerchantLabel: 1,
  OwnShipping: 2,
  KeepItem: 3,
  CarrierPickup: 4,
} as const;
export type ShippingMethodId = (typeof ShippingMethodId)[keyof typeof ShippingMethodId];

export const RequestStatus = {
  PendingReview: 1,
  Approved: 2,
  Rejected: 3,
  Completed: 4,
  Received: 5,
} as const;
export type RequestStatus = (typeof RequestStatus)[keyof typeof RequestStatus];

/** A request's return number as shoppers and staff read it: `RMA-000042`. */
export const rmaReference = (requestId: number) => `RMA-${String(requestId).padStart(6, '0')}`;

/** Spec §4: server status → detail page step. */
export const statusToStep: Record<RequestStatus, number> = { 1: 1, 2: 2, 3: 4, 4: 4, 5: 3 };

/** Spec §4 refund sub-states; `none` until a refund is asked for. */
export const RefundState = {
  None: 'none',
  Pending: 'pending',
  Processing: 'processing',
  Refunded: 'refunded',
  Failed: 'failed',
} as const;
export type RefundState = (typeof RefundState)[keyof typeof RefundState];

/** Why an order line cannot be returned (spec screen 2). */
export const NonReturnableReason = {
  ProcessedByApp: 'processed_by_app',
  RefundedAtPlatform: 'refunded_at_platform',
  MissedWindow: 'missed_window',
  Other: 'other',
} as const;
export type NonReturnableReason = (typeof NonReturnableReason)[keyof typeof NonReturnableReason];

/** order_lookup_method: what proves ownership next to the order number. */
export const OrderLookupMethod = { Email: 1, Phone: 2, EmailOrPhone: 3 } as const;
