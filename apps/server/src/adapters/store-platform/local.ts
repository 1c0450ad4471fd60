import type { Db } from '../../db/database.js';
import type { OrdersTable, OrderLinesTable } from '../../db/schema.js';
import type { Selectable } from 'kysely';
import { randomBytes } from 'node:crypto';
import type { Clock } from '../../clock.js';
import { nowSeconds } from '../../clock.js';
import type { FeedOrder } from '@return-center/contract';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { upsertFeedOrders, type FeedResult } from './local-feed.js';
import type { PlatformOrder, RefundKind, RefundResult, StorePlatform } from './port.js';

export interface NewProduct {
  title: string;
  handle: string;
  image: string;
  tags: string[];
  /** Place among the featured products, 0 first. */
  rank: number;
  createdAt: number;
  variants: { title: string; sku: string; price: number; stock: number; options: string[] }[];
}

/** The built-in store: orders, customers and products live in our own database (the demo shop). */
export class LocalStorePlatform implements StorePlatform {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async issueRefund(input: {
    orderId: number;
    amount: number;
    currency: string;
    kind: RefundKind;
    idempotencyKey: string;
  }): Promise<RefundResult> {
    const prefix = { original: '', discount_code: 'RETURN-', gift_card: 'GIFT-' }[input.kind];
    const code = prefix ? `${prefix}${randomBytes(5).toString('hex').toUpperCase()}` : '';
    await this.db
      .insertInto('platform_refunds')
      .values({
        order_id: input.orderId,
        idempotency_key: input.idempotencyKey,
        kind: input.kind,
        amount: input.amount,
        currency: input.currency,
        code,
        created_at: nowSeconds(this.clock),
      })
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('platform_refunds')
      .select(['id', 'code'])
      .where('idempotency_key', '=', input.idempotencyKey)
      .executeTakeFirstOrThrow();
    return { reference: `local-refund-${row.id}`, code: row.code };
  }

  /**
   * Saves orders fed by the merchant's own store in one transaction; an order whose number belongs to another is
   * refused on its own. Two feeds racing on the same new order both end as updates of one row.
   */
  async upsertOrders(shopId: number, orders: FeedOrder[]): Promise<FeedResult[]> {
    const write = (trx: Db) => upsertFeedOrders(trx, shopId, orders);
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

  /** Adds a product with its variants to the shop's catalogue (the demo shop's seed). */
  async addProduct(
    shopId: number,
    product: NewProduct,
  ): Promise<{ sku: string; productId: number; variantId: number }[]> {
    const row = await this.db
      .insertInto('products')
      .values({
        shop_id: shopId,
        title: product.title,
        handle: product.handle,
        image: product.image,
        tags: product.tags.join(','),
        featured_rank: product.rank,
        created_at: product.createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const variants = [];
    for (const variant of product.variants) {
      const v = await this.db
        .insertInto('variants')
        .values({
          product_id: row.id,
          title: variant.title,
          sku: variant.sku,
          price: variant.price,
          inventory_quantity: variant.stock,
          option1: variant.options[0] ?? null,
          option2: variant.options[1] ?? null,
          option3: variant.options[2] ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      variants.push({ sku: variant.sku, productId: row.id, variantId: v.id });
    }
    return variants;
  }

  /** A variant of the shop's catalogue by its SKU. */
  async variantBySku(shopId: number, sku: string) {
    const row = await this.db
      .selectFrom('variants')
      .innerJoin('products', 'products.id', 'variants.product_id')
      .select(['variants.id', 'variants.product_id', 'variants.price'])
      .where('products.shop_id', '=', shopId)
      .where('variants.sku', '=', sku)
      .executeTakeFirst();
    return row ? { productId: row.product_id, variantId: row.id, price: row.price } : null;
  }

  async findOrderByNumber(shopId: number, orderNumber: string) {
    const row = await this.db
      .selectFrom('orders')
      .selectAll()
      .where('shop_id', '=', shopId)
      .where('order_number', '=', orderNumber)
      .executeTakeFirst();
    return row ? this.withLinesOf(row) : null;
  }

  async getOrder(shopId: number, orderId: number) {
    const row = await this.db
      .selectFrom('orders')
      .selectAll()
      .where('shop_id', '=', shopId)
      .where('id', '=', orderId)
      .executeTakeFirst();
    return row ? this.withLinesOf(row) : null;
  }

  async listOrdersByEmail(shopId: number, email: string) {
    const rows = await this.db
      .selectFrom('orders')
      .selectAll()
      .where('shop_id', '=', shopId)
      .where('email', '=', email.toLowerCase())
      .orderBy('created_at', 'desc')
      .execute();
    return this.withLines(rows);
  }

  async hasCustomer(shopId: number, email: string) {
    const row = await this.db
      .selectFrom('orders')
      .select('id')
      .where('shop_id', '=', shopId)
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst();
    return Boolean(row);
  }

  private async withLinesOf(row: Selectable<OrdersTable>): Promise<PlatformOrder> {
    const lines = await this.db
      .selectFrom('order_lines')
      .selectAll()
      .where('order_id', '=', row.id)
      .orderBy('id')
      .execute();
    return toPlatformOrder(row, lines);
  }

  private async withLines(rows: Selectable<OrdersTable>[]): Promise<PlatformOrder[]> {
    if (rows.length === 0) return [];
    const lines = await this.db
      .selectFrom('order_lines')
      .selectAll()
      .where(
        'order_id',
        'in',
        rows.map((r) => r.id),
      )
      .orderBy('id')
      .execute();
    return rows.map((row) =>
      toPlatformOrder(
        row,
        lines.filter((l) => l.order_id === row.id),
      ),
    );
  }
}

function toPlatformOrder(row: Selectable<OrdersTable>, lines: Selectable<OrderLinesTable>[]): PlatformOrder {
  return {
    id: row.id,
    platformId: row.platform_id,
    name: row.order_name,
    number: row.order_number,
    email: row.email,
    phone: row.phone,
    currency: row.currency,
    subtotal: row.subtotal,
    discount: row.discount,
    tax: row.tax,
    shipping: row.shipping,
    total: row.total,
    createdAt: row.created_at,
    fulfilledAt: row.fulfilled_at,
    deliveredAt: row.delivered_at,
    refunded: row.refunded_at !== null,
    lines: lines.map((l) => ({
      id: l.id,
      platformId: l.platform_line_id,
      productId: l.product_id,
      variantId: l.variant_id,
      title: l.title,
      variantTitle: l.variant_title,
      sku: l.sku,
      image: l.image,
      price: l.price,
      quantity: l.quantity,
      discount: l.discount,
      tax: l.tax,
      tags: l.tags ? l.tags.split(',') : [],
      refundedQuantity: l.refunded_quantity,
    })),
  };
}
