import { allocate, present } from '@return-center/domain';
import type { Db } from '../database.js';
import { catalogue, catalogueImage } from './catalogue.js';

const DAY = 86400;

interface SeedLine {
  handle: string;
  option: string;
  quantity: number;
}
export interface SeedOrder {
  number: string;
  customer: { email: string; phone: string; first: string; last: string };
  placedDaysAgo: number;
  deliveredDaysAgo: number | null;
  currency: 'USD' | 'EUR';
  discountPercent: number;
  taxPercent: number;
  shipping: number;
  refunded?: boolean;
  lines: SeedLine[];
}

const alice = { email: 'alice@example.com', phone: '212-555-0101', first: 'Alice', last: 'Walker' };
export const DEMO_ORDERS: SeedOrder[] = [
  {
    number: '1001',
    customer: alice,
    placedDaysAgo: 6,
    deliveredDaysAgo: 3,
    currency: 'USD',
    discountPercent: 10,
    taxPercent: 8,
    shipping: 500,
    lines: [
      { handle: 'linen-shirt', option: 'M', quantity: 1 },
      { handle: 'canvas-sneakers', option: '42', quantity: 2 },
      { handle: 'wool-beanie', option: 'One size', quantity: 1 },
    ],
  },
  {
    number: '1002',
    customer: alice,
    placedDaysAgo: 45,
    deliveredDaysAgo: 40,
    currency: 'USD',
    discountPercent: 0,
    taxPercent: 8,
    shipping: 500,
    lines: [
      { handle: 'oxford-shirt', option: 'L', quantity: 1 },
      { handle: 'chino-trousers', option: '32', quantity: 1 },
    ],
  },
  {
    number: '1003',
    customer: { email: 'bob@example.com', phone: '415-555-0123', first: 'Bob', last: 'Chen' },
    placedDaysAgo: 10,
    deliveredDaysAgo: 7,
    currency: 'USD',
    discountPercent: 0,
    taxPercent: 8,
    shipping: 0,
    refunded: true,
    lines: [{ handle: 'denim-jacket', option: 'M', quantity: 1 }],
  },
  {
    number: '1004',
    customer: { email: 'carol@example.com', phone: '+44 20 7946 0018', first: 'Carol', last: 'Smith' },
    placedDaysAgo: 5,
    deliveredDaysAgo: 2,
    currency: 'EUR',
    discountPercent: 0,
    taxPercent: 20,
    shipping: 495,
    lines: [
      { handle: 'merino-sweater', option: 'M', quantity: 1 },
      { handle: 'cotton-t-shirt', option: 'L', quantity: 2 },
    ],
  },
  {
    number: '1005',
    customer: { email: 'dave@example.com', phone: '312-555-0199', first: 'Dave', last: 'Jones' },
    placedDaysAgo: 8,
    deliveredDaysAgo: 5,
    currency: 'USD',
    discountPercent: 0,
    taxPercent: 8,
    shipping: 500,
    lines: [
      { handle: 'running-shoes', option: '42', quantity: 1 },
      { handle: 'cotton-t-shirt', option: 'M', quantity: 1 },
    ],
  },
];

/** Inserts one demo order (and its customer, if new) with discount and tax allocated per line. */
export async function insertDemoOrder(db: Db, shopId: number, order: SeedOrder, number: string, now: number) {
  let customer = await db
    .selectFrom('customers')
    .select('id')
    .where('shop_id', '=', shopId)
    .where('email', '=', order.customer.email)
    .executeTakeFirst();
  customer ??= await db
    .insertInto('customers')
    .values({
      shop_id: shopId,
      email: order.customer.email,
      phone: order.customer.phone,
      first_name: order.customer.first,
      last_name: order.customer.last,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const lines = [];
  for (const line of order.lines) {
    const product = catalogue.find((p) => p.handle === line.handle);
    if (!product) throw new Error(`Demo order #${number} names a product not in the catalogue: ${line.handle}`);
    const variant = await db
      .selectFrom('variants')
      .innerJoin('products', 'products.id', 'variants.product_id')
      .select(['variants.id', 'variants.product_id', 'variants.price'])
      .where('products.shop_id', '=', shopId)
      .where('variants.sku', '=', `${line.handle}-${line.option}`.toUpperCase())
      .executeTakeFirstOrThrow();
    lines.push({ ...line, product, variant, gross: variant.price * line.quantity });
  }
  const subtotal = lines.reduce((sum, l) => sum + l.gross, 0);
  const discount = Math.round((subtotal * order.discountPercent) / 100);
  const discounts = allocate(
    discount,
    lines.map((l) => l.gross),
  );
  const taxable = lines.map((l, i) => l.gross - present(discounts[i], 'discount share'));
  const tax = Math.round((taxable.reduce((a, b) => a + b, 0) * order.taxPercent) / 100);
  const taxes = allocate(tax, taxable);
  const created = now - order.placedDaysAgo * DAY;
  const row = await db
    .insertInto('orders')
    .values({
      shop_id: shopId,
      customer_id: customer.id,
      platform_id: `gid://shopify/Order/${5_500_000 + Number(number)}`,
      order_name: `#${number}`,
      order_number: number,
      email: order.customer.email,
      phone: order.customer.phone,
      currency: order.currency,
      subtotal,
      discount,
      tax,
      shipping: order.shipping,
      total: subtotal - discount + tax + order.shipping,
      created_at: created,
      delivered_at: order.deliveredDaysAgo === null ? null : now - order.deliveredDaysAgo * DAY,
      refunded_at: order.refunded ? created + 2 * DAY : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const lineIds: number[] = [];
  for (const [i, line] of lines.entries()) {
    const inserted = await db
      .insertInto('order_lines')
      .values({
        order_id: row.id,
        product_id: line.variant.product_id,
        variant_id: line.variant.id,
        title: line.product.title,
        variant_title: line.product.options.length > 1 ? line.option : '',
        sku: `${line.handle}-${line.option}`.toUpperCase(),
        image: catalogueImage(line.handle),
        price: line.variant.price,
        quantity: line.quantity,
        discount: present(discounts[i], 'discount share'),
        tax: present(taxes[i], 'tax share'),
        tags: line.product.tags.join(','),
        refunded_quantity: order.refunded ? line.quantity : 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    lineIds.push(inserted.id);
  }
  return { orderId: row.id, lineIds };
}

/** `count` copies of a demo order under numbers from `firstNumber` on (load and crash tests); answers their first lines. */
export async function copiesOfDemoOrder(
  db: Db,
  shopId: number,
  template: SeedOrder,
  count: number,
  firstNumber: number,
  now: number,
): Promise<{ orderId: number; lineId: number }[]> {
  const copies: { orderId: number; lineId: number }[] = [];
  for (let i = 0; i < count; i++) {
    const { orderId, lineIds } = await insertDemoOrder(db, shopId, template, String(firstNumber + i), now);
    copies.push({ orderId, lineId: present(lineIds[0], 'first line of the demo order') });
  }
  return copies;
}
