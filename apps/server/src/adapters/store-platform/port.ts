import type { EXCHANGE_SORTS, FeedShippingAddress } from '@return-center/contract';
import type { ForgetsPeople } from '../../db/ownership.js';

/** A shop platform's view of orders, in our own types (money in minor units, times in seconds). */
export interface PlatformLine {
  id: number;
  /** The platform's own id of the line. */
  platformId: string;
  productId: number;
  variantId: number;
  title: string;
  variantTitle: string;
  sku: string;
  image: string;
  price: number;
  quantity: number;
  discount: number;
  tax: number;
  tags: string[];
  refundedQuantity: number;
}

export interface PlatformOrder {
  id: number;
  platformId: string;
  name: string;
  number: string;
  email: string;
  phone: string;
  currency: string;
  subtotal: number;
  discount: number;
  tax: number;
  shipping: number;
  total: number;
  createdAt: number;
  fulfilledAt: number | null;
  deliveredAt: number | null;
  refunded: boolean;
  shippingAddress: FeedShippingAddress | null;
  lines: PlatformLine[];
}

/** A product of the shop's catalogue, for exchanges. */
export interface PlatformProduct {
  id: number;
  title: string;
  handle: string;
  image: string;
  tags: string[];
  /** When the shop added it (seconds). */
  createdAt: number;
  /** The names of the options its variants differ by, e.g. ["Size", "Colour"]. */
  optionNames: string[];
  variants: PlatformVariant[];
}

export interface PlatformVariant {
  id: number;
  productId: number;
  title: string;
  sku: string;
  price: number;
  /** Units in stock; a variant with none cannot be exchanged for. */
  stock: number;
  /** This variant's value of each of the product's options, in the same order as `optionNames`. */
  options: string[];
}

export interface PlatformCollection {
  id: number;
  title: string;
  handle: string;
}

/** Spec §9's sort options: Featured, Newest, Price high-low, Price low-high (by a product's lowest price). */
export type ProductSort = (typeof EXCHANGE_SORTS)[number];

export interface ProductQuery {
  collectionId?: number;
  search?: string;
  /** Only products with a variant priced within these bounds (minor units, both included). */
  price?: { min?: number; max?: number };
  /** Only products with a variant in stock. */
  inStock?: boolean;
  sort?: ProductSort;
  cursor?: string | null;
  limit: number;
}

export interface ProductPage {
  products: PlatformProduct[];
  /** Pass it back for the next page; null on the last. */
  nextCursor: string | null;
}

/** What the platform would refund for some units of an order's lines (before any fee the merchant sets). */
export interface SuggestedRefund {
  currency: string;
  lines: { lineId: number; quantity: number; subtotal: number; discount: number; tax: number; total: number }[];
  total: number;
}

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

export interface RefundRecord {
  reference: string;
  kind: RefundKind;
  amount: number;
  currency: string;
  code: string;
  createdAt: number;
}

/**
 * Everything the product needs from a store platform, in our own types (money in minor units, times in seconds).
 * Every call names the shop: an adapter never answers one shop's data to another. One contract test file
 * (store-platform.contract.test.ts) says what every adapter must do. What it keeps of a shop's customers (in its own
 * tables, or in memory) it forgets when asked (ForgetsPeople: Shopify's privacy webhooks, retention).
 */
export interface StorePlatform extends ForgetsPeople {
  findOrderByNumber(shopId: number, orderNumber: string): Promise<PlatformOrder | null>;
  getOrder(shopId: number, orderId: number): Promise<PlatformOrder | null>;
  listOrdersByEmail(shopId: number, email: string): Promise<PlatformOrder[]>;
  hasCustomer(shopId: number, email: string): Promise<boolean>;

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

  listCollections(shopId: number): Promise<PlatformCollection[]>;
  /**
   * Products by collection, price and stock and/or a search of title, SKU and tags (case-insensitive), in the order
   * asked for (the shop's featured order by default), a page at a time: at most `limit` (1 to 250) products, and a
   * cursor to pass back with the same query for the next page.
   */
  listProducts(shopId: number, query: ProductQuery): Promise<ProductPage>;
  getProduct(shopId: number, productId: number): Promise<PlatformProduct | null>;
  /**
   * Up to `limit` (1 to 50) products to suggest instead of this one: related by the platform's own measure (the local
   * platform: in one of its collections, at a price within half of its own either way, nearest price first), in stock,
   * never the product itself. None for a product that is not the shop's.
   */
  recommendProducts(shopId: number, productId: number, limit: number): Promise<PlatformProduct[]>;

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

  /** Whether the platform keeps returns of its own (Shopify), which registerReturn keeps in step with the request. */
  readonly keepsReturns: boolean;
  /**
   * The request as a return at the platform, in step with the merchant's decision: requested when submitted, open
   * once approved (a return not registered before is made open at once), declined when rejected (one never registered
   * stays so). Answers its reference, or null where the platform keeps no returns or has none for the request.
   * Idempotent by request id.
   */
  registerReturn(shopId: number, input: PlatformReturn): Promise<string | null>;

  /** Units sold per product in orders placed in [from, to] (seconds): the console's return rate per product. */
  unitsSold(shopId: number, from: number, to: number): Promise<UnitsSold[]>;
}

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

export interface UnitsSold {
  productId: number;
  title: string;
  units: number;
}

/** A refund to make at the platform, in the order's currency. */
export interface RefundRequest {
  shopId: number;
  orderId: number;
  amount: number;
  currency: string;
  kind: RefundKind;
  /** The units refunded, by the port's line ids (as registerReturn's); none for money alone. */
  lines: { lineId: number; quantity: number }[];
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

/**
 * The platform's rate limit leaves no room for the call before its deadline (the shop's budget is spent): nothing was
 * done, and the call may be made again after about `retryAfterSeconds`.
 */
export class PlatformBusy extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
    this.name = 'PlatformBusy';
  }
}

/** The order is not one of the shop's: the platform refuses to act on it. */
export class UnknownOrder extends Error {
  constructor(
    readonly shopId: number,
    readonly orderId: number,
  ) {
    super(`Shop ${String(shopId)} has no order ${String(orderId)}`);
    this.name = 'UnknownOrder';
  }
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
