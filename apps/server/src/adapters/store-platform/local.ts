import type { Db } from '../../db/database.js';
import type { OrdersTable, OrderLinesTable } from '../../db/schema.js';
import type { Selectable } from 'kysely';
import { randomBytes } from 'node:crypto';
import type { Clock } from '../../clock.js';
import { nowSeconds } from '../../clock.js';
import type { PlatformOrder, RefundKind, RefundResult, StorePlatform } from './port.js';

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
    deliveredAt: row.delivered_at,
    refunded: row.refunded_at !== null,
    lines: lines.map((l) => ({
      id: l.id,
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
