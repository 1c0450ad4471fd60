import { randomBytes } from 'node:crypto';
import type { FeedOrder } from '@return-center/contract';
import type { Clock } from '../../src/clock.js';
import {
  blankOrder,
  orderTotal,
  primaryLocation,
  type FakeDraft,
  type FakeOrder,
  type FakeProduct,
  type FakeShop,
  type NewFakeProduct,
} from './shopify-admin-shop.js';

/** The fake Admin API's shops in memory (records: shopify-admin-shop.ts), and how tests seed them. */
export class FakeShopifyData {
  readonly shops = new Map<string, FakeShop>();
  private lastId: number;

  constructor(
    readonly clock: Clock,
    firstId: number,
  ) {
    this.lastId = firstId - 1;
  }

  nextId(): number {
    return ++this.lastId;
  }

  nowSeconds(): number {
    return Math.floor(this.clock.nowMs() / 1000);
  }

  addShop(options: { domain?: string; currency?: string } = {}): FakeShop {
    const domain = options.domain ?? `fake-${randomBytes(4).toString('hex')}.myshopify.com`;
    const shop: FakeShop = {
      domain,
      accessToken: `shpat_${randomBytes(16).toString('hex')}`,
      currency: options.currency ?? 'USD',
      locations: [{ id: this.nextId(), name: 'Shop location' }],
      orders: [],
      products: [],
      collections: [],
      drafts: [],
      giftCards: [],
      discounts: [],
      returns: [],
      idempotency: new Map(),
      orderCount: 0,
    };
    this.shops.set(domain, shop);
    return shop;
  }

  shopByToken(token: string): FakeShop | undefined {
    return [...this.shops.values()].find((s) => s.accessToken === token);
  }

  /**
   * Puts an order in as its store would (again: the same feed id updates it, keeping Shopify's ids of it and of its
   * lines; the feed's refunds are ones made in the admin). A line's tags, type, vendor and collections go on a product
   * of their own when its product is not in the catalogue, since Shopify keeps them on products.
   */
  putOrder(shop: FakeShop, feed: FeedOrder): FakeOrder {
    let order = shop.orders.find((o) => o.feedId === feed.id);
    if (!order) {
      order = blankOrder({
        id: this.nextId(),
        feedId: feed.id,
        name: feed.name,
        email: '',
        currency: feed.currency,
        processedAt: feed.created_at,
        customerId: this.nextId(),
      });
      shop.orders.push(order);
    }
    const known = order.lines;
    order.lines = feed.lines.map((line) => {
      const kept = known.find((l) => l.feedId === line.id);
      const variant = line.variant_id ? this.variant(shop, line.variant_id) : undefined;
      return {
        id: kept?.id ?? this.nextId(),
        feedId: line.id,
        productId: variant?.product.id ?? kept?.productId ?? this.tagProduct(shop, line.title).id,
        variantId: variant?.variant.id ?? null,
        title: line.title,
        variantTitle: line.variant_title,
        sku: line.sku,
        image: line.image,
        price: line.price,
        quantity: line.quantity,
        discount: line.discount,
        tax: line.tax,
      };
    });
    for (const line of order.lines) {
      const product = shop.products.find((p) => p.id === line.productId && p.hidden);
      const fed = feed.lines.find((l) => l.id === line.feedId);
      if (!product || !fed) continue;
      Object.assign(product, { tags: fed.tags, productType: fed.product_type, vendor: fed.vendor });
      this.setCollections(shop, product.id, fed.collections);
    }
    Object.assign(order, {
      name: feed.name,
      email: feed.email,
      phone: feed.phone,
      currency: feed.currency,
      processedAt: feed.created_at,
      shipping: feed.shipping,
      shippingAddress: feed.shipping_address,
      tags: feed.tags,
      discountCodes: feed.discount_codes,
    });
    const lineOf = (feedId: string) => order.lines.find((l) => l.feedId === feedId)?.id ?? 0;
    order.refunds = [
      ...order.refunds.filter((r) => r.feedId === null),
      ...feed.refunds.map((r) => ({
        id: order.refunds.find((k) => k.feedId === r.id)?.id ?? this.nextId(),
        createdAt: r.created_at,
        note: null,
        amount: 0,
        lines: r.lines.map((l) => ({
          lineId: lineOf(l.line_id),
          quantity: l.quantity,
          restockType: 'NO_RESTOCK' as const,
          locationId: null,
        })),
        feedId: r.id,
      })),
    ];
    order.fulfillments =
      feed.fulfilled_at === null
        ? []
        : [
            {
              id: order.fulfillments[0]?.id ?? this.nextId(),
              locationId: order.fulfillments[0]?.locationId ?? primaryLocation(shop),
              createdAt: feed.fulfilled_at,
              deliveredAt: feed.delivered_at,
              lines: order.lines.map((l) => ({
                id: order.fulfillments[0]?.lines.find((f) => f.lineId === l.id)?.id ?? this.nextId(),
                lineId: l.id,
                quantity: l.quantity,
              })),
            },
          ];
    order.transactions = [
      { id: order.transactions[0]?.id ?? this.nextId(), kind: 'SALE', amount: orderTotal(order), gateway: 'bogus' },
    ];
    return order;
  }

  private tagProduct(shop: FakeShop, title: string): FakeProduct {
    const product: FakeProduct = {
      id: this.nextId(),
      title,
      handle: `${handleOf(title)}-${String(shop.products.length)}`,
      image: '',
      tags: [],
      productType: '',
      vendor: '',
      createdAt: this.nowSeconds(),
      optionNames: [],
      variants: [],
      hidden: true,
    };
    shop.products.push(product);
    return product;
  }

  putProduct(shop: FakeShop, input: NewFakeProduct): FakeProduct {
    const product: FakeProduct = {
      id: this.nextId(),
      title: input.title,
      handle: input.handle,
      image: input.image ?? '',
      tags: input.tags ?? [],
      productType: input.productType ?? '',
      vendor: input.vendor ?? '',
      createdAt: input.createdAt,
      optionNames: input.optionNames ?? [],
      variants: input.variants.map((v) => ({
        id: this.nextId(),
        title: v.title,
        sku: v.sku,
        price: v.price,
        available: v.stock,
        options: v.options,
      })),
      hidden: false,
    };
    shop.products.push(product);
    return product;
  }

  /** Makes a collection, or adds the products to the shop's collection with that handle (its title then updated). */
  putCollection(shop: FakeShop, input: { title: string; handle: string; productIds: number[] }) {
    let collection = shop.collections.find((c) => c.handle === input.handle);
    if (!collection) {
      collection = { id: this.nextId(), title: input.title, handle: input.handle, productIds: [] };
      shop.collections.push(collection);
    }
    collection.title = input.title;
    for (const id of input.productIds) if (!collection.productIds.includes(id)) collection.productIds.push(id);
    return collection;
  }

  /** Puts the product in the shop's collections of these titles (made when missing) and takes it out of the others. */
  private setCollections(shop: FakeShop, productId: number, titles: string[]) {
    for (const collection of shop.collections)
      if (!titles.includes(collection.title))
        collection.productIds = collection.productIds.filter((id) => id !== productId);
    for (const title of titles)
      this.putCollection(shop, {
        title,
        handle: shop.collections.find((c) => c.title === title)?.handle ?? handleOf(title),
        productIds: [productId],
      });
  }

  variant(shop: FakeShop, variantId: number) {
    for (const product of shop.products)
      for (const variant of product.variants) if (variant.id === variantId) return { product, variant };
    return undefined;
  }

  /** Units back from a draft whose reservation ended (deleted, lapsed, or its order made). */
  release(shop: FakeShop, draft: FakeDraft): void {
    if (draft.released) return;
    draft.released = true;
    for (const line of draft.lines) {
      const found = this.variant(shop, line.variantId);
      if (found) found.variant.available += line.quantity;
    }
  }

  /** Lets reservations past their time lapse, as Shopify does by itself. */
  sweep(shop: FakeShop): void {
    for (const draft of shop.drafts)
      if (draft.status === 'OPEN' && draft.reservedUntil <= this.nowSeconds()) this.release(shop, draft);
  }

  /**
   * An order of the draft: its lines at their prices, the draft's discount spread over them in order, paid in full
   * (a SALE of its total). Units the draft still held pass to the order; lapsed ones are taken again.
   */
  orderFromDraft(shop: FakeShop, draft: FakeDraft): FakeOrder {
    shop.orderCount += 1;
    let discount = draft.discount;
    const order = blankOrder({
      id: this.nextId(),
      feedId: `draft-${String(draft.id)}`,
      name: `#${String(9000 + shop.orderCount)}`,
      email: draft.email,
      currency: draft.currency,
      processedAt: this.nowSeconds(),
      customerId: null,
    });
    order.lines = draft.lines.map((line) => {
      const off = Math.min(discount, line.price * line.quantity);
      discount -= off;
      const variant = this.variant(shop, line.variantId);
      return {
        id: this.nextId(),
        feedId: '',
        productId: line.productId,
        variantId: line.variantId,
        title: line.title,
        variantTitle: line.variantTitle,
        sku: variant?.variant.sku ?? '',
        image: '',
        price: line.price,
        quantity: line.quantity,
        discount: off,
        tax: 0,
      };
    });
    order.transactions = [{ id: this.nextId(), kind: 'SALE', amount: orderTotal(order), gateway: 'bogus' }];
    if (draft.released)
      for (const line of draft.lines) {
        const found = this.variant(shop, line.variantId);
        if (found) found.variant.available -= line.quantity;
      }
    draft.released = true;
    draft.status = 'COMPLETED';
    draft.orderId = order.id;
    shop.orders.push(order);
    return order;
  }
}

const handleOf = (title: string) => title.toLowerCase().replace(/\W+/g, '-');
