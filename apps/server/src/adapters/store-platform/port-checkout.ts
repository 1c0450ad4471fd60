import type { DraftOrder } from './port-drafts.js';

/**
 * A platform whose drafts are paid at a checkout page of ours (the local one, #13, ADR 047): the page checks the link's
 * signature and sends the shopper to the payments provider; once the payment is authorised the draft takes its units,
 * the payment is captured, and the draft is marked paid.
 */
export interface DraftCheckout {
  /** Whether a checkout link's signature is this platform's for the shop's draft. */
  verifyCheckout(shopId: number, draftId: string, signature: string): boolean;
  getDraftOrder(shopId: number, draftId: string): Promise<DraftOrder | null>;
  /**
   * The shopper authorised the payment of the shop's open draft: it takes its units now and stays open, so that the
   * payment is captured only for units the shop still has. Once; answers the draft as it is then, null when the shop
   * has no such draft. Throws VariantUnavailable, nothing taken, when they are no longer in stock.
   */
  reserveDraftOrder(shopId: number, draftId: string): Promise<DraftOrder | null>;
  /**
   * The shopper paid the shop's open draft, which takes its units now (unless reserved); answers the draft as it is
   * then, null when the shop has no such draft. Throws VariantUnavailable, the draft still open, when its units are no
   * longer in stock.
   */
  markDraftOrderPaid(shopId: number, draftId: string): Promise<DraftOrder | null>;
  /** See PlatformDrafts.cancelDraftOrder: a draft that cannot be paid gives up its key, so a retry makes a new one. */
  cancelDraftOrder(shopId: number, draftId: string): Promise<DraftOrder | null>;
}
