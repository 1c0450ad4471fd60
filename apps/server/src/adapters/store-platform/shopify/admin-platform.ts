import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { systemClock, type Clock } from '../../../clock.js';
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
import * as catalogue from './catalogue.js';
import { CatalogueCache } from './catalogue-cache.js';
import {
  SHOPIFY_API_VERSION,
  ShopifyError,
  ShopifyTransport,
  type Session,
  type ShopAccess,
  type Timer,
} from './client.js';
import * as actions from './draft-actions.js';
import * as drafts from './drafts.js';
import { Mutex } from './mutex.js';
import { OrderCache } from './order-cache.js';
import * as orders from './orders.js';
import { readProduct, shopCurrency } from './products.js';
import { recommendProducts } from './recommend.js';
import * as refunds from './refunds.js';
import { ReturnReasons } from './return-reasons.js';
import * as returns from './returns.js';
import { Keys } from './store-credit.js';
import { unitsSold } from './units-sold.js';

export {
  SHOPIFY_API_VERSION,
  ShopifyError,
  ShopifyTimeout,
  ShopifyUserError,
  type ShopAccess,
  type Timer,
} from './client.js';

/** The shops on Shopify: where each one's Admin API is and its offline token (from the install). */
export interface ShopifyShops {
  /** The shop's domain and token; null when the shop is not installed on Shopify (or uninstalled). */
  access(shopId: number): Promise<ShopAccess | null>;
  /** Every installed shop, for the work that spans shops (expiring abandoned exchange drafts). */
  list(): Promise<number[]>;
}

export interface ShopifyOptions {
  shops: ShopifyShops;
  /**
   * Makes the codes of discount-code and gift-card refunds from their keys, so a retry makes the same code (and an
   * outsider cannot work one out). Every instance needs the same one; without it a random one is made, which only
   * suits one process.
   */
  codeSecret?: string;
  /** Default SHOPIFY_API_VERSION. */
  apiVersion?: string;
  /** The most one port call may take, every request, retry and rate-limit wait included. Default 10 000 ms. */
  timeoutMs?: number;
  /** How long an order read is kept (ms); 0 keeps none. Default 5000. */
  orderCacheMs?: number;
  /** How long a catalogue answer is kept for shoppers (ms), unless a products/* webhook drops it; 0 keeps none. */
  catalogueCacheMs?: number;
  /** The business clock (order cache, reservation ends, dates written to Shopify). Default the system's. */
  clock?: Clock;
  /** Real time for deadlines, backoff and rate limits. Default the system's; a test may pass a virtual one. */
  timer?: Timer;
  /** Every request goes to this origin instead of https://<shop domain> (the local fake Admin API in tests). */
  apiOrigin?: string;
}

/**
 * The store platform on Shopify's Admin GraphQL API (pinned to SHOPIFY_API_VERSION), one shop per installed store.
 * Each concern has its file beside this one; this class opens a session per port call (one deadline for all its
 * requests), keeps orders a few seconds, and runs the calls that decide on stock or write an order's ledger one at a
 * time per shop. Ids are Shopify's own numbers, which pass 2^31: ShopifyStorePlatform (shopify.ts) wraps this class
 * and answers small numbers of ours for them (ids.ts).
 */
export class ShopifyAdminPlatform implements StorePlatform {
  private readonly transport: ShopifyTransport;
  private readonly cache: OrderCache;
  private readonly catalogue: CatalogueCache;
  private readonly keys: Keys;
  private readonly mutex = new Mutex();
  private readonly reasons = new ReturnReasons();
  private readonly currencies = new Map<number, string>();

  constructor(private readonly options: ShopifyOptions) {
    const clock = options.clock ?? systemClock;
    this.transport = new ShopifyTransport({
      apiVersion: options.apiVersion ?? SHOPIFY_API_VERSION,
      timeoutMs: options.timeoutMs ?? 10_000,
      clock,
      timer: options.timer ?? { nowMs: () => Date.now(), sleep: (ms) => sleep(ms) },
      apiOrigin: options.apiOrigin,
    });
    this.cache = new OrderCache(clock, options.orderCacheMs ?? 5000);
    this.catalogue = new CatalogueCache(clock, options.catalogueCacheMs ?? 60_000);
    this.keys = new Keys(options.codeSecret ?? randomBytes(32).toString('base64url'));
  }

  /** A session for one port call on the shop's Admin API. */
  private async session(shopId: number): Promise<Session> {
    const access = await this.options.shops.access(shopId);
    if (!access) throw new ShopifyError(`Shop ${String(shopId)} is not connected to Shopify`);
    return this.transport.session(access);
  }

  private async currency(shopId: number, s: Session): Promise<string> {
    let currency = this.currencies.get(shopId);
    if (!currency) {
      currency = await shopCurrency(s);
      this.currencies.set(shopId, currency);
    }
    return currency;
  }

  private locked<T>(shopId: number, work: (s: Session) => Promise<T>): Promise<T> {
    return this.mutex.run(String(shopId), async () => work(await this.session(shopId)));
  }

  private remember(shopId: number, order: PlatformOrder | null): PlatformOrder | null {
    if (order) this.cache.put(shopId, order);
    return order;
  }

  /** Drops the order read through (an orders/updated or refunds/create webhook calls it): the next look is fresh. */
  forgetOrder(shopId: number, orderId: number): void {
    this.cache.forget(shopId, orderId);
  }

  /** Only orders read through are kept (a few seconds): the customer's go at once. */
  forgetCustomer(customer: Customer): Promise<void> {
    for (const id of customer.platformOrderIds) this.cache.forget(customer.shopId, Number(id));
    return Promise.resolve();
  }

  forgetShop(shopId: number): Promise<void> {
    this.cache.forgetShop(shopId);
    this.catalogue.forget(shopId);
    return Promise.resolve();
  }

  async findOrderByNumber(shopId: number, orderNumber: string): Promise<PlatformOrder | null> {
    return this.remember(shopId, await orders.findByNumber(await this.session(shopId), orderNumber));
  }

  async getOrder(shopId: number, orderId: number): Promise<PlatformOrder | null> {
    const cached = this.cache.get(shopId, orderId);
    if (cached) return cached;
    return this.remember(shopId, await orders.readOrder(await this.session(shopId), orderId));
  }

  async listOrdersByEmail(shopId: number, email: string): Promise<PlatformOrder[]> {
    const found = await orders.listByEmail(await this.session(shopId), email);
    for (const order of found) this.cache.put(shopId, order);
    return found;
  }

  async hasCustomer(shopId: number, email: string): Promise<boolean> {
    return orders.hasOrders(await this.session(shopId), email);
  }

  async suggestRefund(
    shopId: number,
    orderId: number,
    lines: { lineId: number; quantity: number }[],
  ): Promise<SuggestedRefund | null> {
    return refunds.suggestRefund(await this.session(shopId), orderId, lines);
  }

  async issueRefund(input: RefundRequest): Promise<RefundResult> {
    try {
      return await this.locked(input.shopId, (s) => refunds.issueRefund(s, this.keys, input));
    } finally {
      this.cache.forget(input.shopId, input.orderId);
      if (input.restock || input.lines.some((line) => line.restock)) this.catalogue.forget(input.shopId);
    }
  }

  async listRefunds(shopId: number, orderId: number): Promise<RefundRecord[]> {
    return refunds.listRefunds(await this.session(shopId), orderId);
  }

  /** Drops the shop's catalogue kept for shoppers (a products/* webhook calls it). */
  forgetCatalogue(shopId: number): void {
    this.catalogue.forget(shopId);
  }

  /** A catalogue read through the shop's cache, in a session of its own when it must reach Shopify. */
  private catalogueRead<T>(shopId: number, key: unknown[], read: (s: Session, currency: string) => Promise<T>) {
    return this.catalogue.read(shopId, JSON.stringify(key), async () => {
      const s = await this.session(shopId);
      return read(s, await this.currency(shopId, s));
    });
  }

  listCollections(shopId: number): Promise<PlatformCollection[]> {
    return this.catalogueRead(shopId, ['collections'], (s) => catalogue.listCollections(s));
  }

  listProducts(shopId: number, query: ProductQuery): Promise<ProductPage> {
    const { search, sort, collectionId, price, inStock, cursor, limit } = query;
    const key = ['products', search, sort, collectionId, price?.min, price?.max, inStock, cursor, limit];
    return this.catalogueRead(shopId, key, (s, currency) =>
      catalogue.listProducts(s, currency, query, (scanKey, scan) =>
        this.catalogue.read(shopId, JSON.stringify(['scan', ...scanKey]), scan),
      ),
    );
  }

  getProduct(shopId: number, productId: number): Promise<PlatformProduct | null> {
    return this.catalogueRead(shopId, ['product', productId], (s, currency) => readProduct(s, productId, currency));
  }

  recommendProducts(shopId: number, productId: number, limit: number): Promise<PlatformProduct[]> {
    return this.catalogueRead(shopId, ['similar', productId, limit], (s, currency) =>
      recommendProducts(s, currency, productId, limit),
    );
  }

  /** Work that moves the shop's stock: the catalogue kept for shoppers goes with it, whatever the outcome. */
  private movingStock<T>(shopId: number, work: (s: Session) => Promise<T>): Promise<T> {
    return this.locked(shopId, work).finally(() => this.catalogue.forget(shopId));
  }

  createDraftOrder(shopId: number, input: DraftOrderInput): Promise<DraftOrder> {
    return this.movingStock(shopId, async (s) =>
      drafts.createDraftOrder(s, shopId, input, { shopCurrency: await this.currency(shopId, s) }),
    );
  }

  async getDraftOrder(shopId: number, draftId: string): Promise<DraftOrder | null> {
    return actions.getDraftOrder(await this.session(shopId), draftId);
  }

  holdDraftOrder(shopId: number, draftId: string): Promise<DraftOrder | null> {
    return this.locked(shopId, (s) => actions.holdDraftOrder(s, draftId));
  }

  cancelDraftOrder(shopId: number, draftId: string): Promise<DraftOrder | null> {
    return this.movingStock(shopId, (s) => actions.cancelDraftOrder(s, draftId));
  }

  completeDraftOrder(shopId: number, draftId: string): Promise<DraftOrder | null> {
    return this.movingStock(shopId, (s) => actions.completeDraftOrder(s, draftId));
  }

  /**
   * Shopify lets a draft's reservation lapse by itself (`reserveInventoryUntil`), but its invoice stays payable and
   * its key taken; so each installed shop's stale drafts are cancelled here as the port asks. A shop that fails
   * does not stop the others; the first failure is thrown at the end.
   */
  async expireOpenDraftOrders(before: number): Promise<number> {
    let count = 0;
    let failure: Error | null = null;
    for (const shopId of await this.options.shops.list()) {
      try {
        const stale = await actions.staleDrafts(await this.session(shopId), before);
        for (const draftId of stale) {
          const draft = await this.movingStock(shopId, (s) => actions.cancelDraftOrder(s, draftId, true));
          if (draft?.status === 'cancelled') count += 1;
        }
      } catch (error) {
        failure ??= error instanceof Error ? error : new Error(String(error));
      }
    }
    if (failure) throw failure;
    return count;
  }

  readonly keepsReturns = true;

  registerReturn(shopId: number, input: PlatformReturn): Promise<string | null> {
    const work = (s: Session) => returns.registerReturn(s, shopId, input, this.reasons);
    if (!input.exchangeDraftId) return this.locked(shopId, work);
    // An exchange may add its new items to the order and take their units (exchange-returns.ts).
    return this.movingStock(shopId, work).finally(() => this.cache.forget(shopId, input.orderId));
  }

  async unitsSold(shopId: number, from: number, to: number): Promise<UnitsSold[]> {
    return unitsSold(await this.session(shopId), from, to);
  }
}
