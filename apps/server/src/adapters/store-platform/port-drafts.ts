export interface DraftOrderInput {
  /** The order the exchange comes from. */
  orderId: number;
  email: string;
  currency: string;
  lines: { variantId: number; quantity: number }[];
  /** Taken off the draft's total: the value of what the shopper sends back (minor units). */
  credit: number;
  /** A retry with the same key answers the first draft. */
  idempotencyKey: string;
  /**
   * The drafts this one replaces (an exchange: its order). Asking for a draft of a group cancels the group's other
   * drafts that no request holds, paid or not (a paid one refunds what was paid), so a group holds one choice's units.
   */
  group: string;
  /**
   * Until when (unix seconds) the draft may keep its units while no request holds it: after it they go back to stock
   * by themselves, whether or not expireOpenDraftOrders has run (Shopify: `reserveInventoryUntil`).
   */
  holdUntil: number;
}

export interface DraftOrderLine {
  variantId: number;
  productId: number;
  title: string;
  variantTitle: string;
  /** Unit price, minor units. */
  price: number;
  quantity: number;
}

export interface DraftOrder {
  id: string;
  /** The order the exchange comes from (DraftOrderInput.orderId). */
  fromOrderId: number;
  lines: DraftOrderLine[];
  /** Σ price × quantity of the lines, before the credit. */
  subtotal: number;
  /** What the return was worth towards it. */
  credit: number;
  /** Where the shopper pays what the credit does not cover; empty when nothing is due. */
  checkoutUrl: string;
  total: number;
  currency: string;
  status: 'open' | 'paid' | 'cancelled';
  /** The order the draft became once completed (completeDraftOrder), and its name as the shop shows it. */
  orderId: number | null;
  orderName: string;
  /** What cancelling the draft gave back of the shopper's payment (its total, when it was paid). */
  refunded: number;
}

/** Draft orders for exchanges: the new items, the return's credit taken off, held, paid, completed or cancelled. */
export interface PlatformDrafts {
  /**
   * A draft order for the exchange's new items, the credit taken off: paid at once when nothing is due, open with a
   * checkout URL otherwise. A paid draft holds its units (one paid at once takes them now, one paid at the checkout
   * then): no other draft gets them until it is cancelled, so of two shoppers after the last unit one gets them and
   * the other VariantUnavailable. An open draft holds none: a shopper holds only what the return or their payment pays
   * for. A draft no request holds keeps its units until `holdUntil`. Idempotent by key per shop. The group's other
   * drafts that no request holds are cancelled first (their units count for this one) and give up their keys; when this
   * draft cannot be made they stay as they were. Throws VariantUnavailable for a variant the shop does not sell or has
   * too few of, UnknownOrder when the order is not the shop's.
   */
  createDraftOrder(shopId: number, input: DraftOrderInput): Promise<DraftOrder>;
  /** The draft as it is now (paid once the shopper paid); null when the shop has no such draft. */
  getDraftOrder(shopId: number, draftId: string): Promise<DraftOrder | null>;
  /**
   * A request holds the paid draft now: it keeps its units until it is completed or cancelled, neither expiring nor
   * giving way to its group's next draft. Answers the draft as it is then: paid when held; an open or cancelled draft
   * stays as it is and is not held. Null when the shop has no such draft.
   */
  holdDraftOrder(shopId: number, draftId: string): Promise<DraftOrder | null>;
  /**
   * Cancels the draft, gives its reserved units back to stock and refunds what the shopper paid for it, once: a
   * cancelled draft stays as it is, and so does one already completed into an order. A cancelled draft gives up its
   * key: asked for again with it, createDraftOrder makes a new draft. Answers the draft as it is then; null when the
   * shop has no such draft.
   */
  cancelDraftOrder(shopId: number, draftId: string): Promise<DraftOrder | null>;
  /**
   * Cancels every draft no request holds that was created before `before` (unix seconds) and is open or paid with
   * nothing paid (an even swap), units back to stock and keys free: a shopper who never submits holds no stock for
   * ever. Drafts the shopper paid money for stay. Answers how many it cancelled.
   */
  expireOpenDraftOrders(before: number): Promise<number>;
  /**
   * Turns a paid draft into an order of the shop, once: a retry answers the same order. Answers the draft with its
   * orderId and orderName; a draft not paid (open or cancelled) stays as it is, without an order. Null when the shop
   * has no such draft.
   */
  completeDraftOrder(shopId: number, draftId: string): Promise<DraftOrder | null>;
}

/** A draft order asked for a variant the shop does not sell, or more units of it than are in stock. */
export class VariantUnavailable extends Error {
  constructor(
    readonly variantId: number,
    readonly reason: 'unknown' | 'out_of_stock',
  ) {
    super(
      reason === 'unknown'
        ? `Variant ${String(variantId)} is not in the shop's catalogue`
        : `Variant ${String(variantId)} has too few units in stock`,
    );
    this.name = 'VariantUnavailable';
  }
}
