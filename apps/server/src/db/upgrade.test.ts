import { readdirSync } from 'node:fs';
import { MERCHANT_BASE, merchantPath } from '@return-center/contract';
import { present } from '@return-center/domain';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, START } from '../../test/helper.js';
import { throwawaySchema } from '../../test/schema-pool.js';
import { STORE_PLATFORM_MIGRATIONS } from '../adapters/store-platform/migrations/all.js';
import { MIGRATIONS } from '../migrations.js';
import { createDb, type Db, type Dialect } from './database.js';
import { migrate } from './migrate.js';
import { DB_MIGRATIONS } from './migrations/all.js';

const SHOP = 'old-shop.myshopify.com';
const KEY = 'upgrade-test-merchant-key';
const at = Math.floor(START / 1000) - 86_400;

/** A database as the first release left it: migration 001 only, filled the way its tables held a shop's returns. */
async function firstRelease(db: Db, dialect: Dialect): Promise<void> {
  await migrate(db, dialect, { '001-initial': present(DB_MIGRATIONS['001-initial'], '001') });
  const old = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const insert = async (table: string, row: Record<string, unknown>) =>
    Number((await old.insertInto(table).values(row).returning('id').executeTakeFirstOrThrow()).id);
  const shopId = await insert('shops', {
    shop_url: SHOP,
    name: 'Old Shop',
    currency: 'USD',
    currency_format: '${{amount}}',
    contact_email: 'help@old-shop.example',
    contact_phone: '',
    settings: '{}',
    created_at: at,
  });
  const customerId = await insert('customers', {
    shop_id: shopId,
    email: 'erin@example.com',
    phone: '',
    first_name: 'Erin',
    last_name: 'Old',
  });
  const productId = await insert('products', {
    shop_id: shopId,
    title: 'Field Jacket',
    handle: 'field-jacket',
    image: '',
    tags: '',
    featured_rank: 1,
    created_at: at,
  });
  const variantId = await insert('variants', {
    product_id: productId,
    title: 'L',
    sku: 'FJ-L',
    price: 12000,
    inventory_quantity: 3,
    option1: 'L',
  });
  const orderId = await insert('orders', {
    shop_id: shopId,
    customer_id: customerId,
    platform_id: '9001',
    order_name: '#9001',
    order_number: '9001',
    email: 'erin@example.com',
    phone: '',
    currency: 'USD',
    subtotal: 12000,
    discount: 0,
    tax: 0,
    shipping: 0,
    total: 12000,
    created_at: at - 5 * 86_400,
    delivered_at: at - 3 * 86_400,
  });
  const lineId = await insert('order_lines', {
    order_id: orderId,
    product_id: productId,
    variant_id: variantId,
    title: 'Field Jacket',
    variant_title: 'L',
    sku: 'FJ-L',
    image: '',
    price: 12000,
    quantity: 1,
    discount: 0,
    tax: 0,
    tags: '',
    refunded_quantity: 0,
  });
  const requestId = await insert('return_requests', {
    shop_id: shopId,
    order_id: orderId,
    status: 1,
    solution_id: 1,
    shipping_method_id: 2,
    refund: 12000,
    currency: 'USD',
    language: 'en',
    idempotency_key: 'old-submit-1',
    created_at: at,
    updated_at: at,
  });
  await insert('return_items', {
    request_id: requestId,
    order_line_id: lineId,
    quantity: 1,
    reason_id: 2,
    reason_text: 'Too big',
    description: 'The sleeves are long',
    proof: JSON.stringify(['/uploads/proof/old-photo.jpg']),
  });
  await insert('mails', {
    shop_id: shopId,
    to_address: 'erin@example.com',
    subject: 'We got your return request',
    text_body: 'Hello Erin',
    html_body: '<p>Hello Erin</p>',
    sent_at: at,
  });
}

describe.each(dialects)('upgrading on %s', (dialect) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** A database of its own (in-memory SQLite, or a throwaway PostgreSQL schema). */
  async function emptyDatabase() {
    if (dialect === 'sqlite') return createDb('sqlite::memory:');
    const url = present(process.env.TEST_DATABASE_URL, 'TEST_DATABASE_URL');
    const schema = await throwawaySchema(url, 'up_');
    cleanups.push(schema.drop);
    return createDb(url, { searchPath: schema.name });
  }

  it('carries the first release’s data to the latest migration, and today’s server answers its request', async () => {
    const database = await emptyDatabase();
    cleanups.push(() => database.db.destroy());
    await firstRelease(database.db, database.dialect);

    await migrate(database.db, database.dialect, MIGRATIONS);
    const t = await buildTestApp(dialect, { DEFAULT_SHOP: SHOP, MERCHANT_API_KEY: KEY }, { database });
    cleanups.unshift(() => t.close());

    const headers = { authorization: `Bearer ${KEY}` };
    const list = (await t.app.inject({ method: 'GET', url: merchantPath('list'), headers })).json<{
      data: { items: { id: number; order_no: string; customer_email: string; status: number; refund: number }[] };
    }>().data.items;
    expect(list).toHaveLength(1);
    const summary = present(list[0], 'the old request');
    expect(summary).toMatchObject({ order_no: '#9001', customer_email: 'erin@example.com', status: 1, refund: 12000 });
    const detail = await t.app.inject({ method: 'GET', url: merchantPath('get', summary.id), headers });
    expect(detail.statusCode).toBe(200);
    const request = detail.json<{ data: Record<string, unknown> & { items: Record<string, unknown>[] } }>().data;
    expect(request.customer_email).toBe('erin@example.com');
    expect(request.items).toEqual([
      expect.objectContaining({
        title: 'Field Jacket',
        quantity: 1,
        reason: 'Too big',
        description: 'The sleeves are long',
        proof: ['/uploads/proof/old-photo.jpg'],
      }),
    ]);
    // Usable, not only readable: the merchant approves it with today's code.
    const approved = await t.app.inject({
      method: 'POST',
      url: `${MERCHANT_BASE}/requests/${String(summary.id)}/approve`,
      payload: {},
      headers,
    });
    expect(approved.statusCode).toBe(200);
    const mails = await sql<{ n: number | string }>`select count(*) as n from mails`.execute(t.db);
    expect(Number(mails.rows[0]?.n)).toBeGreaterThanOrEqual(1);
  });
});

describe('migrations', () => {
  const all = { ...DB_MIGRATIONS, ...STORE_PLATFORM_MIGRATIONS };
  const folders = [
    new URL('./migrations/', import.meta.url),
    new URL('../adapters/store-platform/migrations/', import.meta.url),
  ];

  it('only go forward: each has an up and no down, under a number no other uses', () => {
    const names = Object.keys(all);
    for (const name of names) expect(name).toMatch(/^\d{3}-[a-z0-9-]+$/);
    // One name in both lists would let one migration silently replace the other when they are joined.
    expect(Object.keys(DB_MIGRATIONS).filter((name) => name in STORE_PLATFORM_MIGRATIONS)).toEqual([]);
    const numbers = names.map((name) => name.slice(0, 3));
    const shared = numbers.filter((number, index) => numbers.indexOf(number) !== index);
    // 031 was given twice (031-return-rules, 031-order-facts) and both have run in deployments: names, not numbers,
    // are what the migrator records, so both stay. No other number may be used twice.
    expect(shared).toEqual(['031']);
    for (const [name, migration] of Object.entries(all)) {
      expect(typeof migration.up, name).toBe('function');
      expect(Object.keys(migration), name).not.toContain('down');
    }
  });

  it('are run in the order of their numbers, and every migration file is one of them', () => {
    expect(Object.keys(MIGRATIONS)).toEqual(expect.arrayContaining(Object.keys(all)));
    const files = folders.flatMap((folder) =>
      readdirSync(folder)
        .filter((file) => /^\d{3}-.*\.ts$/.test(file) && !file.endsWith('.test.ts'))
        .map((file) => file.replace(/\.ts$/, '')),
    );
    expect([...files].sort()).toEqual(Object.keys(all).sort());
    // The migrator sorts by name: three-digit numbers make that the order they were written in.
    const sorted = Object.keys(all).sort();
    expect(sorted.map((name) => Number(name.slice(0, 3)))).toEqual(
      [...sorted].map((name) => Number(name.slice(0, 3))).sort((a, b) => a - b),
    );
  });
});
