import { allocate, present } from '@return-center/domain';
import type { FeedOrder, FeedShippingAddress } from '@return-center/contract';
import { LocalStorePlatform } from '../adapters/store-platform/local.js';
import { fixedClock } from '../clock.js';
import type { Db } from '../db/database.js';
import { catalogue, catalogueImage } from './catalogue.js';

const DAY = 86400;

function usAddress(address1: string, address2: string, city: string, state: string, zip: string, phone: string) {
  return { address1, address2, city, province_code: state, zip, country_code: 'US', phone };
}

interface SeedLine {
  handle: string;
  option: string;
  quantity: number;
}
export interface SeedOrder {
  number: string;
  customer: { email: string; phone: string; first: string; last: string; address: FeedShippingAddress };
  placedDaysAgo: number;
  deliveredDaysAgo: number | null;
  currency: 'USD' | 'EUR';
  discountPercent: number;
  taxPercent: number;
  shipping: number;
  refunded?: boolean;
  /** The order's own tags and the discount codes used (none when left out). */
  tags?: string[];
  discountCodes?: string[];
  lines: SeedLine[];
}

const alice = {
  email: 'alice@example.com',
  phone: '212-555-0101',
  first: 'Alice',
  last: 'Walker',
  address: usAddress('350 5th Ave', 'Apt 4B', 'New York', 'NY', '10118', '212-555-0101'),
};
export const DEMO_ORDERS: SeedOrder[] = [
  {
    number: '1001',
    customer: alice,
    placedDaysAgo: 6,
    deliveredDaysAgo: 3,
    currency: 'USD',
    discountPercent: 10,
    tags: ['first-order'],
    discountCodes: ['WELCOME10'],
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
    customer: {
      email: 'bob@example.com',
      phone: '415-555-0123',
      first: 'Bob',
      last: 'Chen',
      address: usAddress('1 Ferry Building', 'Suite 12', 'San Francisco', 'CA', '94111', '415-555-0123'),
    },
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
    customer: {
      email: 'carol@example.com',
      phone: '+44 20 7946 0018',
      first: 'Carol',
      last: 'Smith',
      address: {
        address1: '221B Baker Street',
        address2: '',
        city: 'London',
        province_code: '',
        zip: 'NW1 6XE',
        country_code: 'GB',
        phone: '+44 20 7946 0018',
      },
    },
    placedDaysAgo: 5,
    deliveredDaysAgo: 2,
    currency: 'EUR',
    tags: ['international', 'vip'],
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
    customer: {
      email: 'dave@example.com',
      phone: '312-555-0199',
      first: 'Dave',
      last: 'Jones',
      address: usAddress('233 S Wacker Dr', 'Floor 3', 'Chicago', 'IL', '60606', '312-555-0199'),
    },
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

/** The demo order as the merchant's own store would feed it, with discount and tax allocated per line. */
async function demoFeedOrder(
  platform: LocalStorePlatform,
  shopId: number,
  order: SeedOrder,
  number: string,
  now: number,
): Promise<FeedOrder> {
  const lines = [];
  for (const line of order.lines) {
    const product = catalogue.find((p) => p.handle === line.handle);
    if (!product) throw new Error(`Demo order #${number} names a product not in the catalogue: ${line.handle}`);
    const sku = demoSku(line.handle, line.option);
    const variant = present(await platform.variantBySku(shopId, sku), `demo variant ${sku}`);
    lines.push({ ...line, product, sku, variant, gross: variant.price * line.quantity });
  }
  // What the catalogue says of each product (tags, type, vendor, collections), as a store's order lines carry it.
  const facts = await platform.productFacts(
    shopId,
    lines.map((l) => l.variant.productId),
  );
  const subtotal = lines.reduce((sum, l) => sum + l.gross, 0);
  const discounts = allocate(
    Math.round((subtotal * order.discountPercent) / 100),
    lines.map((l) => l.gross),
  );
  const taxable = lines.map((l, i) => l.gross - present(discounts[i], 'discount share'));
  const taxes = allocate(Math.round((taxable.reduce((a, b) => a + b, 0) * order.taxPercent) / 100), taxable);
  const created = now - order.placedDaysAgo * DAY;
  return {
    id: demoPlatformId(number),
    name: `#${number}`,
    number,
    email: order.customer.email,
    phone: order.customer.phone,
    first_name: order.customer.first,
    last_name: order.customer.last,
    currency: order.currency,
    created_at: created,
    fulfilled_at: order.deliveredDaysAgo === null ? null : created + DAY,
    delivered_at: order.deliveredDaysAgo === null ? null : now - order.deliveredDaysAgo * DAY,
    shipping: order.shipping,
    shipping_address: order.customer.address,
    tags: order.tags ?? [],
    discount_codes: order.discountCodes ?? [],
    lines: lines.map((line, i) => ({
      id: `${number}-${String(i + 1)}`,
      product_id: line.variant.productId,
      variant_id: line.variant.variantId,
      title: line.product.title,
      variant_title: line.product.options.length > 1 ? line.option : '',
      sku: line.sku,
      image: catalogueImage(line.handle),
      price: line.variant.price,
      quantity: line.quantity,
      discount: present(discounts[i], 'discount share'),
      tax: present(taxes[i], 'tax share'),
      ...present(facts.get(line.variant.productId), `the facts of ${line.handle}`),
    })),
    refunds: order.refunded
      ? [
          {
            id: `${number}-refund`,
            created_at: created + 2 * DAY,
            lines: lines.map((line, i) => ({ line_id: `${number}-${String(i + 1)}`, quantity: line.quantity })),
          },
        ]
      : [],
  };
}

export const demoSku = (handle: string, option: string) => `${handle}-${option}`.toUpperCase();
/** Demo orders carry numeric platform ids, like a store's own order ids. */
const demoPlatformId = (number: string) => String(5_500_000 + Number(number));

/**
 * Adds one demo order under `number` through the local platform's feed, as a merchant's store would. A number
 * already in use is refused: a copy never overwrites another.
 */
export async function insertDemoOrder(db: Db, shopId: number, order: SeedOrder, number: string, now: number) {
  const platform = new LocalStorePlatform(db, fixedClock(now * 1000));
  if (await platform.findOrderByNumber(shopId, number)) throw new Error(`Order number ${number} is taken`);
  const [result] = await platform.upsertOrders(shopId, [await demoFeedOrder(platform, shopId, order, number, now)]);
  if (!result || 'error' in result) throw new Error(`Demo order #${number}: ${result?.error ?? 'not saved'}`);
  const saved = present(await platform.getOrder(shopId, result.orderId), `demo order #${number}`);
  return { orderId: saved.id, lineIds: saved.lines.map((l) => l.id) };
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
