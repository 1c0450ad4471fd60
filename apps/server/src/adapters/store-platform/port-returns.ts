export interface PlatformReturn {
  orderId: number;
  requestId: number;
  /** Each line's units and why they come back: the merchant's reason as the shop words it (not translated). */
  lines: { lineId: number; quantity: number; reason: string }[];
  decision: ReturnDecision;
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
   * stays so). Answers its reference, or null where the platform keeps no returns or has none for the request.
   * Idempotent by request id.
   */
  registerReturn(shopId: number, input: PlatformReturn): Promise<string | null>;
}
