export interface PlatformReturn {
  orderId: number;
  requestId: number;
  /** Each line's units and why they come back: the merchant's reason as the shop words it (not translated). */
  lines: { lineId: number; quantity: number; reason: string }[];
  decision: ReturnDecision;
  /**
   * The exchange draft the request holds, when it is an exchange. Where the platform carries exchanges on its returns
   * (Shopify: `ReturnInput.exchangeLineItems`), a draft with nothing due (the return's credit pays for the new items)
   * is not registered while requested; once approved, its items become the return's exchange items, confirmed with the
   * returned units so that the order owes nothing either way (an even swap), or owes the shopper the credit left over
   * (what the merchant's refund pays), and the draft is completed into that order: completeDraftOrder then answers
   * the order the items were added to. A draft with something due (paid at the checkout) stays the exchange's order.
   */
  exchangeDraftId?: string;
}

/** Where the merchant is with the request: not decided yet, approved or rejected. */
export const RETURN_DECISIONS = ['requested', 'approved', 'rejected'] as const;
export type ReturnDecision = (typeof RETURN_DECISIONS)[number];

/** Returns the platform keeps of its own (Shopify), in step with our requests. */
export interface PlatformReturns {
  /** Whether the platform keeps returns of its own (Shopify), which registerReturn keeps in step with the request. */
  readonly keepsReturns: boolean;
  /**
   * The request as a return at the platform, in step with the merchant's decision: requested when submitted, open
   * once approved (a return not registered before is made open at once), declined when rejected (one never registered
   * stays so). Answers its reference, or null where the platform keeps no returns or has none for the request (yet:
   * see `exchangeDraftId`). Idempotent by request id.
   */
  registerReturn(shopId: number, input: PlatformReturn): Promise<string | null>;
}
