import { allocate } from '@return-center/domain';
import type { Clock } from '../../clock.js';
import { nowSeconds } from '../../clock.js';
import { shopSettings } from '@return-center/contract';
import type { Db } from '../database.js';
import { catalogue, catalogueImage } from './catalogue.js';

export const DEMO_SHOP = 'demo-shop.myshopify.com';
export const DEMO_MERCHANT_KEY = 'demo-merchant-key';
const DAY = 86400;

interface SeedLine {
  handle: string;
  option: string;
  quantity: number;
}
interface SeedOrder {
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
const orders: SeedOrder[] = [
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

const FORMATS = { USD: '${{amount}}', EUR: '€{{amount}}' };

/** Seeds the demo shop once: a second start finds it and keeps the data. */
export async function seedDemoShop(db: Db, clock: Clock): Promise<boolean> {
  const existing = await db.selectFrom('shops').select('id').where('shop_url', '=', DEMO_SHOP).executeTakeFirst();
  if (existing) return false;
  const now = nowSeconds(clock);
  await db.transaction().execute(async (trx) => {
    const settings = shopSettings.parse({ test_store_data: 1 });
    settings.text.return_policy_link.content = '';
    const shop = await trx
      .insertInto('shops')
      .values({
        shop_url: DEMO_SHOP,
        name: 'Demo Shop',
        currency: 'USD',
        currency_format: FORMATS.USD,
        contact_email: 'support@demo-shop.example',
        contact_phone: '+1 212-555-0100',
        settings: JSON.stringify(settings),
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const variants = new Map<string, { id: number; product_id: number; price: number; title: string }>();
    for (const [rank, product] of catalogue.entries()) {
      const row = await trx
        .insertInto('products')
        .values({
          shop_id: shop.id,
          title: product.title,
          handle: product.handle,
          image: catalogueImage(product.handle),
          tags: product.tags.join(','),
          featured_rank: rank,
          created_at: now - (catalogue.length - rank) * DAY,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [i, option] of product.options.entries()) {
        const v = await trx
          .insertInto('variants')
          .values({
            product_id: row.id,
            title: option,
            sku: `${product.handle}-${option}`.toUpperCase(),
            price: product.price,
            inventory_quantity: product.stock[i] ?? 0,
            option1: option,
            option2: null,
            option3: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        variants.set(`${product.handle}/${option}`, {
          id: v.id,
          product_id: row.id,
          price: product.price,
          title: product.title,
        });
      }
    }

    const customers = new Map<string, number>();
    for (const order of orders) {
      let customerId = customers.get(order.customer.email);
      if (!customerId) {
        const c = await trx
          .insertInto('customers')
          .values({
            shop_id: shop.id,
            email: order.customer.email,
            phone: order.customer.phone,
            first_name: order.customer.first,
            last_name: order.customer.last,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        customerId = c.id;
        customers.set(order.customer.email, customerId);
      }
      const lines = order.lines.map((line) => {
        const variant = variants.get(`${line.handle}/${line.option}`);
        if (!variant) throw new Error(`Unknown seed variant ${line.handle}/${line.option}`);
        return { ...line, variant, gross: variant.price * line.quantity };
      });
      const subtotal = lines.reduce((sum, l) => sum + l.gross, 0);
      const discount = Math.round((subtotal * order.discountPercent) / 100);
      const discounts = allocate(
        discount,
        lines.map((l) => l.gross),
      );
      const taxable = lines.map((l, i) => l.gross - discounts[i]!);
      const tax = Math.round((taxable.reduce((a, b) => a + b, 0) * order.taxPercent) / 100);
      const taxes = allocate(tax, taxable);
      const created = now - order.placedDaysAgo * DAY;
      const o = await trx
        .insertInto('orders')
        .values({
          shop_id: shop.id,
          customer_id: customerId,
          platform_id: `gid://shopify/Order/${5_500_000 + Number(order.number)}`,
          order_name: `#${order.number}`,
          order_number: order.number,
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
        const product = catalogue.find((p) => p.handle === line.handle)!;
        const l = await trx
          .insertInto('order_lines')
          .values({
            order_id: o.id,
            product_id: line.variant.product_id,
            variant_id: line.variant.id,
            title: line.variant.title,
            variant_title: product.options.length > 1 ? line.option : '',
            sku: `${line.handle}-${line.option}`.toUpperCase(),
            image: catalogueImage(line.handle),
            price: line.variant.price,
            quantity: line.quantity,
            discount: discounts[i]!,
            tax: taxes[i]!,
            tags: product.tags.join(','),
            refunded_quantity: order.refunded ? line.quantity : 0,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        lineIds.push(l.id);
      }
      if (order.number === '1005') {
        const request = await trx
          .insertInto('return_requests')
          .values({
            shop_id: shop.id,
            order_id: o.id,
            status: 1,
            solution_id: 1,
            shipping_method_id: 2,
            refund: 0,
            currency: order.currency,
            language: 'en',
            idempotency_key: 'seed-1005',
            created_at: now - DAY,
            updated_at: now - DAY,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('return_items')
          .values({
            request_id: request.id,
            order_line_id: lineIds[0]!,
            quantity: 1,
            reason_id: 5,
            reason_text: "Doesn't suit me",
            description: '',
            proof: '[]',
          })
          .execute();
      }
    }
  });
  return true;
}

export const demoLogins = orders.map((o) => ({
  order: `#${o.number}`,
  email: o.customer.email,
  phone: o.customer.phone,
}));
