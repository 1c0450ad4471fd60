import type { Db } from '../../../db/database.js';
import type { Customer } from '../../../db/ownership.js';
import type {
  DraftOrder,
  DraftOrderInput,
  PlatformCollection,
  PlatformOrder,
  PlatformProduct,
  ProductPage,
  ProductQuery,
  RefundRecord,
  RefundRequest,
  RefundResult,
  StorePlatform,
  SuggestedRefund,
  UnitsSold,
  PlatformReturn,
} from '../port.js';
import { ShopifyAdminPlatform, type ShopifyOptions } from './admin-platform.js';
import { IdMap } from './id-map.js';
import { ShopifyIds } from './ids.js';

export {
  SHOPIFY_API_VERSION,
  ShopifyError,
  ShopifyTimeout,
  ShopifyUserError,
  type ShopAccess,
  type ShopifyOptions,
  type ShopifyShops,
  type Timer,
} from './admin-platform.js';

/**
 * The store platform on Shopify (ShopifyAdminPlatform does the work), answering numbers of ours instead of Shopify's
 * ids, which pass 2^31: every id in is turned into Shopify's and every id out into ours (ShopifyIds), so the port,
 * the wire contract and our 32-bit columns keep small numbers. Drafts travel as strings and keep Shopify's.
 */
export class ShopifyStorePlatform implements StorePlatform {
  private readonly admin: ShopifyAdminPlatform;
  private readonly ids: ShopifyIds;

  constructor(options: ShopifyOptions & { db: Db }) {
    this.admin = new ShopifyAdminPlatform(options);
    this.ids = new ShopifyIds(options.db);
  }

  private map(shopId: number) {
    return new IdMap(this.ids, shopId);
  }

  /** Our number for a Shopify id the shop has (the harnesses and the webhooks name things by Shopify's ids). */
  localId(shopId: number, kind: 'Order' | 'Product' | 'ProductVariant' | 'Collection', shopifyId: number) {
    return this.map(shopId).one(kind, shopifyId);
  }

  /** Drops the order read through, named by our number. */
  async forgetOrder(shopId: number, orderId: number): Promise<void> {
    this.admin.forgetOrder(shopId, await this.map(shopId).shopify('Order', orderId));
  }

  /** Drops the order read through, named by Shopify's id (orders/updated and refunds/create webhooks). */
  forgetShopifyOrder(shopId: number, shopifyOrderId: number): void {
    this.admin.forgetOrder(shopId, shopifyOrderId);
  }

  forgetCustomer(customer: Customer): Promise<void> {
    return this.admin.forgetCustomer(customer);
  }

  /** Shopify keeps the shop's data; ours is what was read through, and our numbers for its ids. */
  async forgetShop(shopId: number): Promise<void> {
    await this.admin.forgetShop(shopId);
    await this.ids.forgetShop(shopId);
  }

  /** Drops the shop's catalogue kept for shoppers (products/* webhooks). */
  forgetCatalogue(shopId: number): void {
    this.admin.forgetCatalogue(shopId);
  }

  async findOrderByNumber(shopId: number, orderNumber: string): Promise<PlatformOrder | null> {
    return this.map(shopId).order(await this.admin.findOrderByNumber(shopId, orderNumber));
  }

  async getOrder(shopId: number, orderId: number): Promise<PlatformOrder | null> {
    const map = this.map(shopId);
    const id = await map.shopify('Order', orderId);
    return id ? map.order(await this.admin.getOrder(shopId, id)) : null;
  }

  async listOrdersByEmail(shopId: number, email: string): Promise<PlatformOrder[]> {
    return this.map(shopId).orders(await this.admin.listOrdersByEmail(shopId, email));
  }

  hasCustomer(shopId: number, email: string): Promise<boolean> {
    return this.admin.hasCustomer(shopId, email);
  }

  async suggestRefund(
    shopId: number,
    orderId: number,
    lines: { lineId: number; quantity: number }[],
  ): Promise<SuggestedRefund | null> {
    const map = this.map(shopId);
    const id = await map.shopify('Order', orderId);
    return map.suggested(await this.admin.suggestRefund(shopId, id, await map.lines(lines)));
  }

  async issueRefund(input: RefundRequest): Promise<RefundResult> {
    const map = this.map(input.shopId);
    const orderId = await map.shopify('Order', input.orderId);
    try {
      return await this.admin.issueRefund({ ...input, orderId, lines: await map.lines(input.lines) });
    } catch (error) {
      throw await map.error(error, { orderId: input.orderId });
    }
  }

  async listRefunds(shopId: number, orderId: number): Promise<RefundRecord[]> {
    const id = await this.map(shopId).shopify('Order', orderId);
    return id ? this.admin.listRefunds(shopId, id) : [];
  }

  async listCollections(shopId: number): Promise<PlatformCollection[]> {
    return this.map(shopId).collections(await this.admin.listCollections(shopId));
  }

  async listProducts(shopId: number, query: ProductQuery): Promise<ProductPage> {
    const map = this.map(shopId);
    const collectionId =
      query.collectionId === undefined ? undefined : await map.shopify('Collection', query.collectionId);
    const page = await this.admin.listProducts(shopId, { ...query, collectionId });
    return { ...page, products: await map.products(page.products) };
  }

  async getProduct(shopId: number, productId: number): Promise<PlatformProduct | null> {
    const map = this.map(shopId);
    const id = await map.shopify('Product', productId);
    const found = id ? await this.admin.getProduct(shopId, id) : null;
    return found ? ((await map.products([found]))[0] ?? null) : null;
  }

  async recommendProducts(shopId: number, productId: number, limit: number): Promise<PlatformProduct[]> {
    const map = this.map(shopId);
    const id = await map.shopify('Product', productId);
    return id ? map.products(await this.admin.recommendProducts(shopId, id, limit)) : [];
  }

  async createDraftOrder(shopId: number, input: DraftOrderInput): Promise<DraftOrder> {
    const map = this.map(shopId);
    const variants = new Map<number, number>();
    const lines = await Promise.all(
      input.lines.map(async (l) => {
        const variantId = await map.shopify('ProductVariant', l.variantId);
        variants.set(variantId, l.variantId);
        return { ...l, variantId };
      }),
    );
    const orderId = await map.shopify('Order', input.orderId);
    try {
      return (await map.draft(await this.admin.createDraftOrder(shopId, { ...input, orderId, lines }))) as DraftOrder;
    } catch (error) {
      throw await map.error(error, { orderId: input.orderId, variants });
    }
  }

  async getDraftOrder(shopId: number, draftId: string): Promise<DraftOrder | null> {
    return this.map(shopId).draft(await this.admin.getDraftOrder(shopId, draftId));
  }

  async holdDraftOrder(shopId: number, draftId: string): Promise<DraftOrder | null> {
    return this.map(shopId).draft(await this.admin.holdDraftOrder(shopId, draftId));
  }

  async cancelDraftOrder(shopId: number, draftId: string): Promise<DraftOrder | null> {
    return this.map(shopId).draft(await this.admin.cancelDraftOrder(shopId, draftId));
  }

  async completeDraftOrder(shopId: number, draftId: string): Promise<DraftOrder | null> {
    return this.map(shopId).draft(await this.admin.completeDraftOrder(shopId, draftId));
  }

  expireOpenDraftOrders(before: number): Promise<number> {
    return this.admin.expireOpenDraftOrders(before);
  }

  readonly keepsReturns = true;

  async registerReturn(shopId: number, input: PlatformReturn): Promise<string | null> {
    const map = this.map(shopId);
    const orderId = await map.shopify('Order', input.orderId);
    try {
      return await this.admin.registerReturn(shopId, { ...input, orderId, lines: await map.lines(input.lines) });
    } catch (error) {
      throw await map.error(error, { orderId: input.orderId });
    }
  }

  async unitsSold(shopId: number, from: number, to: number): Promise<UnitsSold[]> {
    return this.map(shopId).unitsSold(await this.admin.unitsSold(shopId, from, to));
  }
}
