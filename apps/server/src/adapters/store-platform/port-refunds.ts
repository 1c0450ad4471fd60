/** What the platform would refund for some units of an order's lines (before any fee the merchant sets). */
export interface SuggestedRefund {
  currency: string;
  lines: { lineId: number; quantity: number; subtotal: number; discount: number; tax: number; total: number }[];
  total: number;
}

export interface RefundRecord {
  reference: string;
  kind: RefundKind;
  amount: number;
  currency: string;
  code: string;
  createdAt: number;
}

/** A refund to make at the platform, in the order's currency. */
export interface RefundRequest {
  shopId: number;
  orderId: number;
  amount: number;
  currency: string;
  kind: RefundKind;
  /**
   * The units refunded, by the port's line ids (as registerReturn's); none for money alone. A line's `restock` says
   * whether its units go on sale again (the desk's choice at receipt); without it the request's `restock` does.
   */
  lines: { lineId: number; quantity: number; restock?: boolean }[];
  /** The units came back and go on sale again; not when the shopper keeps them. */
  restock: boolean;
  /** A retry with the same key answers the first refund and moves no more money. */
  idempotencyKey: string;
}

/** How a refund reaches the shopper at the platform: money back, a discount code or a gift card. */
export type RefundKind = 'original' | 'discount_code' | 'gift_card';

export interface RefundResult {
  reference: string;
  /** The discount or gift card code, empty for money back. */
  code: string;
}

/** Refunds at the platform: money back, or credit (a discount code or a gift card). */
export interface PlatformRefunds {
  /**
   * The platform's refund for these units; quantities past what is still refundable count what is left. Each unit's
   * share of its line's discount and tax is taken in order after the units refunded before, so refunding a line in
   * several steps adds up to exactly the line. Lines the order does not have are left out; null when the order is
   * not the shop's.
   */
  suggestRefund(
    shopId: number,
    orderId: number,
    lines: { lineId: number; quantity: number }[],
  ): Promise<SuggestedRefund | null>;
  /**
   * Pays the amount back and marks the request's units refunded at the platform (they are no longer refundable; a
   * quantity past what is still refundable counts what is left), putting them back in stock when `restock`. The
   * amount is the one asked, whatever the units are worth (suggestRefund says that). Idempotent by key: a retry
   * answers the first result and moves no more money or stock. Throws UnknownOrder for an order that is not the shop's.
   */
  issueRefund(input: RefundRequest): Promise<RefundResult>;
  /** The refunds made through this port, oldest first; none for an order that is not the shop's. */
  listRefunds(shopId: number, orderId: number): Promise<RefundRecord[]>;
}
