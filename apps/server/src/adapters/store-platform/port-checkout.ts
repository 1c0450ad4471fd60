import type { DraftOrder } from './port-drafts.js';

/**
 * A platform whose drafts are paid at a checkout page of ours (the local one, #13), a stand-in for a store's checkout
 * with no payment provider: the page checks the link's signature and its Pay button marks the draft paid.
 */
export interface DraftCheckout {
  /** Whether a checkout link's signature is this platform's for the shop's draft. */
  verifyCheckout(shopId: number, draftId: string, signature: string): boolean;
  getDraftOrder(shopId: number, draftId: string): Promise<DraftOrder | null>;
  /**
   * The shopper paid the shop's open draft, which takes its units now; answers the draft as it is then, null when the
   * shop has no such draft. Throws VariantUnavailable, the draft still open, when its units are no longer in stock.
   */
  markDraftOrderPaid(shopId: number, draftId: string): Promise<DraftOrder | null>;
}
