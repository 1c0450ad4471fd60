import { feedOrder, type FeedOrder } from '@return-center/contract';
import type { NewProduct } from '../local.js';

export const DAY = 86_400;
export const PLACED = 1_790_000_000;

/** An order as a store feeds it: defaults filled in, its number taken from its name. */
export const order = (id: string, fields: Partial<Record<keyof FeedOrder, unknown>> = {}): FeedOrder =>
  feedOrder.parse({
    id,
    name: `#${id}`,
    email: 'alice@example.com',
    first_name: 'Alice',
    currency: 'USD',
    created_at: PLACED,
    fulfilled_at: PLACED + DAY,
    delivered_at: PLACED + 3 * DAY,
    shipping: 500,
    lines: [
      {
        id: `${id}-1`,
        title: 'Linen Shirt',
        variant_title: 'M',
        sku: 'LINEN-SHIRT-M',
        price: 4900,
        quantity: 1,
        discount: 490,
        tax: 353,
        tags: ['shirts'],
      },
      {
        id: `${id}-2`,
        title: 'Canvas Sneakers',
        variant_title: '42',
        sku: 'CANVAS-42',
        price: 8900,
        quantity: 3,
        discount: 1000,
        tax: 2057,
        tags: ['shoes', 'final-sale'],
      },
    ],
    ...fields,
  });

export const product = (handle: string, rank: number, fields: Partial<NewProduct> = {}): NewProduct => ({
  title: handle
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' '),
  handle,
  image: '',
  tags: [],
  rank,
  createdAt: PLACED,
  optionNames: ['Size'],
  variants: [
    { title: 'S', sku: `${handle}-s`.toUpperCase(), price: 2500, stock: 3, options: ['S'] },
    { title: 'M', sku: `${handle}-m`.toUpperCase(), price: 2500, stock: 0, options: ['M'] },
  ],
  ...fields,
});
