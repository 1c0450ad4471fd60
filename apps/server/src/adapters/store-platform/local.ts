import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FeedOrder } from '@return-center/contract';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import type { Customer } from '../../db/ownership.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import * as catalogue from './local-catalogue.js';
import * as catalogueWrites from './local-catalogue-writes.js';
import type { NewCollection, NewProduct } from './local-catalogue-writes.js';
import * as productPages from './local-product-pages.js';
import * as draftRows from './local-draft-rows.js';
import * as draftStock from './local-draft-stock.js';
import * as drafts from './local-drafts.js';
import { feedOrderOf, upsertFeedOrders } from './local-feed.js';
import * as orders from './local-orders.js';
import * as refunds from './local-refunds.js';
import { localPlatformTables } from './local-tables.js';
import type {
  DraftCheckout,
  DraftOrder,
  DraftOrderInput,
  FeedResult,
  OrderIntake,
  PlatformCollection,
  PlatformOrder,
  PlatformProduct,
  ProductPage,
  ProductQuery,
  RefundRequest,
  RefundRecord,
  RefundResult,
  StorePlatform,
  SuggestedRefund,
  UnitsSold,
} from './port.js';

export type { NewCollection, NewProduct } from './local-catalogue-writes.js';

/**
 * The built-in store: orders, customers, the catalogue, refunds and draft orders live in our own database (the demo
 * shop, and shops whose own store feeds their orders). Each concern has its file beside this one; this class only
 * hands the calls on. It keeps no returns of its own, so registerReturn answers null.
 */
export class LocalStorePlatform implements StorePlatform, DraftCheckout, OrderIntake {
  /**
   * `checkoutSecret` signs the links to the local checkout page, so that only the shopper sent there can pay a draft;
   * an instance that makes no such links for shoppers can go without (a random one is made).
   */
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly checkoutSecret: string = randomBytes(32).toString('base64url'),
  ) {}

  /** The signature of the shop's draft in its checkout link; see verifyCheckout. */
  private checkoutSignature(shopId: number, draftId: string): string {
    return createHmac('sha256', this.checkoutSecret)
      .update(`${String(shopId)}:${draftId}`)
      .digest('base64url');
  }

  async unitsSold(shopId: number, from: number, to: number): Promise<UnitsSold[]> {
    const rows = await this.db
      .selectFrom('order_lines')
      .innerJoin('orders', 'orders.id', 'order_lines.order_id')
      .select((eb) => [
        'order_lines.product_id',
        eb.fn.max('order_lines.title').as('title'),
        eb.fn.sum<number | string>('order_lines.quantity').as('units'),
      ])
      .where('orders.shop_id', '=', shopId)
      .where('orders.created_at', '>=', from)
      .where('orders.created_at', '<=', to)
      .groupBy('order_lines.product_id')
      .execute();
    return rows.map((row) => ({ productId: row.product_id, title: row.title, units: Number(row.units) }));
  }

  forgetCustomer(customer: Customer): Promise<void> {
    return this.db.transaction().execute((trx) => localPlatformTables.forgetCustomer(trx, customer));
  }

  forgetShop(shopId: number): Promise<void> {
    return this.db.transaction().execute((trx) => localPlatformTables.forgetShop(trx, shopId));
  }

  /** Whether a checkout link's signature is this instance's for the shop's draft. */
  verifyCheckout(shopId: number, draftId: string, signature: string): boolean {
    const expected = Buffer.from(this.checkoutSignature(shopId, draftId));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  /** The draft with a checkout link of its own (where anything is due): /local-checkout/<shop>/<draft>?sig=… */
  private withCheckout<T extends DraftOrder | null>(shopId: number, draft: T): T {
    if (!draft?.checkoutUrl) return draft;
    const sig = this.checkoutSignature(shopId, draft.id);
    return { ...draft, checkoutUrl: `/local-checkout/${String(shopId)}/${draft.id}?sig=${sig}` };
  }

  findOrderByNumber(shopId: number, orderNumber: string): Promise<PlatformOrder | null> {
    return orders.findOrderByNumber(this.db, shopId, orderNumber);
  }

  getOrder(shopId: number, orderId: number): Promise<PlatformOrder | null> {
    return orders.getOrder(this.db, shopId, orderId);
  }

  listOrdersByEmail(shopId: number, email: string): Promise<PlatformOrder[]> {
    return orders.listOrdersByEmail(this.db, shopId, email);
  }

  hasCustomer(shopId: number, email: string): Promise<boolean> {
    return orders.hasCustomer(this.db, shopId, email);
  }

  suggestRefund(
    shopId: number,
    orderId: number,
    lines: { lineId: number; quantity: number }[],
  ): Promise<SuggestedRefund | null> {
    return refunds.suggestRefund(this.db, shopId, orderId, lines);
  }

  issueRefund(input: RefundRequest): Promise<RefundResult> {
    return refunds.issueRefund(this.db, this.clock, input);
  }

  listRefunds(shopId: number, orderId: number): Promise<RefundRecord[]> {
    return refunds.listRefunds(this.db, shopId, orderId);
  }

  listCollections(shopId: number): Promise<PlatformCollection[]> {
    return catalogue.listCollections(this.db, shopId);
  }

  listProducts(shopId: number, query: ProductQuery): Promise<ProductPage> {
    return productPages.listProducts(this.db, shopId, query);
  }

  getProduct(shopId: number, productId: number): Promise<PlatformProduct | null> {
    return catalogue.getProduct(this.db, shopId, productId);
  }

  async createDraftOrder(shopId: number, input: DraftOrderInput): Promise<DraftOrder> {
    return this.withCheckout(shopId, await drafts.createDraftOrder(this.db, this.clock, shopId, input));
  }

  async getDraftOrder(shopId: number, draftId: string): Promise<DraftOrder | null> {
    return this.withCheckout(shopId, await draftRows.getDraftOrder(this.db, shopId, draftId));
  }

  recommendProducts(shopId: number, productId: number, limit: number): Promise<PlatformProduct[]> {
    return catalogue.recommendProducts(this.db, shopId, productId, limit);
  }

  async completeDraftOrder(shopId: number, draftId: string): Promise<DraftOrder | null> {
    return this.withCheckout(shopId, await drafts.completeDraftOrder(this.db, this.clock, shopId, draftId));
  }

  async holdDraftOrder(shopId: number, draftId: string): Promise<DraftOrder | null> {
    return this.withCheckout(shopId, await draftStock.holdDraftOrder(this.db, this.clock, shopId, draftId));
  }

  cancelDraftOrder(shopId: number, draftId: string): Promise<DraftOrder | null> {
    return draftStock.cancelDraftOrder(this.db, shopId, draftId);
  }

  expireOpenDraftOrders(before: number): Promise<number> {
    return draftStock.expireOpenDraftOrders(this.db, before);
  }

  readonly keepsReturns = false;

  /** The local platform keeps no returns of its own: nothing to tell, always null. */
  registerReturn(): Promise<string | null> {
    return Promise.resolve(null);
  }

  // Local platform only: how data gets in, and the merchant's side of a draft.

  /**
   * Saves orders fed by the merchant's own store in one transaction; an order whose number belongs to another is
   * refused on its own. Two feeds racing on the same new order both end as updates of one row.
   */
  async upsertOrders(shopId: number, feed: FeedOrder[]): Promise<FeedResult[]> {
    const write = (trx: Db) => upsertFeedOrders(trx, shopId, feed);
    // Inside a caller's transaction (the seed) the caller owns atomicity and retries.
    if (this.db.isTransaction) return write(this.db);
    const run = () => this.db.transaction().execute(write);
    try {
      return await run();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return run();
    }
  }

  /** The shop's order as its store would feed it again, to put back changed through upsertOrders (tests, tools). */
  feedOrderOf(shopId: number, orderId: number): Promise<FeedOrder | null> {
    return feedOrderOf(this.db, shopId, orderId);
  }

  /** Adds a product with its variants to the shop's catalogue (the demo shop's seed). */
  addProduct(shopId: number, product: NewProduct): Promise<{ sku: string; productId: number; variantId: number }[]> {
    return catalogueWrites.addProduct(this.db, this.clock, shopId, product);
  }

  /** Makes a collection of the shop's products, or adds them to the shop's collection with that handle. */
  addCollection(shopId: number, collection: NewCollection): Promise<PlatformCollection> {
    return catalogueWrites.addCollection(this.db, this.clock, shopId, collection);
  }

  /** What an order line of each of the shop's products carries of it: tags, type, vendor, collection titles. */
  productFacts(shopId: number, productIds: number[]): Promise<Map<number, catalogue.ProductFacts>> {
    return catalogue.productFacts(this.db, shopId, productIds);
  }

  /** A variant of the shop's catalogue by its SKU. */
  variantBySku(shopId: number, sku: string): Promise<{ productId: number; variantId: number; price: number } | null> {
    return catalogue.variantBySku(this.db, shopId, sku);
  }

  /** See DraftCheckout: the checkout page calls it once the shopper authorised the payment. */
  async reserveDraftOrder(shopId: number, draftId: string): Promise<DraftOrder | null> {
    return this.withCheckout(shopId, await draftStock.reserveDraftOrder(this.db, shopId, draftId));
  }

  /**
   * The shopper paid the shop's open draft (the local stand-in for a checkout), which takes its units now (unless
   * reserved); answers the draft as it is then, null when the shop has no such draft. Throws VariantUnavailable, the
   * draft still open, when its units are no longer in stock. The checkout page calls it once the payment is captured.
   */
  async markDraftOrderPaid(shopId: number, draftId: string): Promise<DraftOrder | null> {
    return this.withCheckout(shopId, await draftStock.markDraftOrderPaid(this.db, this.clock, shopId, draftId));
  }
}
