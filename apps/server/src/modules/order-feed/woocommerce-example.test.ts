/**
 * Keeps the WooCommerce example of docs/feeding-orders.md true: it runs against the real server as a merchant would
 * run it.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { calls, Code, NonReturnableReason, merchantPath, type OrderLine } from '@return-center/contract';
import { parseMinor, present } from '@return-center/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalStorePlatform } from '../../adapters/store-platform/local.js';
import { addShop, buildTestApp, dialects, type TestApp } from '../../../test/helper.js';
import { nowSeconds, systemClock } from '../../clock.js';
import {
  DOC,
  SAMPLE,
  SAMPLE_REFUNDS,
  runExample,
  runShell,
  lines,
  blocks,
  jsonBlocks,
  fakeWooCommerce,
  sampleOrders,
} from './test-support.js';

const SHOP = 'woo.example';
describe.each(dialects)('the WooCommerce example of docs/feeding-orders.md on %s', (dialect) => {
  let t: TestApp;
  let merchantEnv: Record<string, string>;
  let webhookSecret: string;
  let shopId: number;
  let woo: Awaited<ReturnType<typeof fakeWooCommerce>>;
  beforeEach(async () => {
    t = await buildTestApp(dialect);
    const shop = await addShop(t, SHOP);
    shopId = shop.shop.id;
    const apiKey = shop.apiKey;
    webhookSecret = shop.webhookSecret;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    merchantEnv = { MERCHANT_API_URL: `http://127.0.0.1:${port}`, MERCHANT_API_KEY: apiKey };
    woo = await fakeWooCommerce({ 5003: JSON.parse(await readFile(SAMPLE_REFUNDS, 'utf8')) as unknown });
  });
  afterEach(async () => {
    await woo.close();
    await t.close();
  });

  /** What the shopper of an order sees after signing in with its number and email, or null when they cannot. */
  const shopperView = async (number: string, email: string) => {
    const login = await t.call(calls.login, { shop_url: SHOP, email, order_number: number });
    if (login.body.code !== Code.Success) return null;
    const token = login.body.data.token;
    const orderId = present((await t.call(calls.index, {}, token)).body.data.list[0], 'the order').id;
    const info = (await t.call(calls.orderInfo, { order_id: orderId }, token)).body.data;
    const byTitle = <L extends OrderLine>(list: L[]) => Object.fromEntries(list.map((line) => [line.title, line]));
    return { yes: byTitle(info.yes), no: byTitle(info.no), total: info.total_price_set };
  };

  it('pushes the sample export; its shoppers sign in and see their lines, discounts and refunds', async () => {
    const run = await runExample([SAMPLE], { ...merchantEnv, ...woo.env });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    // The output the page shows, line for line (four orders at a time, so in any order).
    const docOutput = present(
      [...(await readFile(DOC, 'utf8')).matchAll(/```text\n([\s\S]*?)```/g)]
        .map((match) => match[1] ?? '')
        .find((block) => block.includes(' created, ')),
      'the example output in the doc',
    );
    expect(lines(run.stdout).sort()).toEqual(lines(docOutput).sort());
    expect(woo.asked).toEqual(['/wp-json/wc/v3/orders/5003/refunds?per_page=100']);

    // Every pushed order costs the shopper what WooCommerce charged, to the cent.
    const sample = sampleOrders.parse(JSON.parse(await readFile(SAMPLE, 'utf8')));
    for (const order of sample) {
      const seen = await shopperView(order.number, order.billing.email);
      if (order.status === 'cancelled') expect(seen).toBeNull();
      else
        expect(present(seen, `order #${order.number}`).total).toMatchObject({
          currency: order.currency,
          money: parseMinor(order.total, order.currency),
        });
    }

    const erin = present(await shopperView('#1001', 'Erin@Example.com'), 'order #1001');
    expect(erin.yes['Classic T-Shirt']).toMatchObject({
      variant_title: 'Blue / M',
      sku: 'TS-BLU-M',
      image: 'https://shop.example/wp-content/uploads/2026/10/t-shirt-blue.jpg',
      price: 2500,
      quantity: 1,
      refundable_quantity: 1,
    });
    // The coupon took 6.00 of the tote's 30.00: price is before it, the line's discount holds it.
    expect(erin.yes['Canvas Tote & Pouch']).toMatchObject({ price: 1500, quantity: 2, refundable_quantity: 2 });
    const placed = await new LocalStorePlatform(t.db, t.clock).findOrderByNumber(shopId, '1001');
    expect(placed?.lines.find((l) => l.platformId === '202')).toMatchObject({ discount: 600, tax: 456 });

    // One of three pairs of socks was refunded at the store: two are left to return.
    const kim = present(await shopperView('1003', 'kim@example.com'), 'order #1003');
    expect(kim.yes['Wool Socks']).toMatchObject({ price: 1200, quantity: 3, refundable_quantity: 2 });
    expect(kim.yes['Rain Jacket']).toMatchObject({ refundable_quantity: 1 });

    // Running it again updates the same orders, their lines keeping their ids.
    const again = await runExample([SAMPLE], { ...merchantEnv, ...woo.env });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('4 orders: 0 created, 3 updated, 1 skipped, 0 failed');
    expect(present(await shopperView('1003', 'kim@example.com'), 'order #1003').yes['Wool Socks']?.id).toBe(
      kim.yes['Wool Socks']?.id,
    );
  });

  it('answers the calls of the page as the page shows', async () => {
    const examples = await jsonBlocks();
    const order = present(
      examples.find((block) => 'lines' in block && !('id' in block)),
      'the order example',
    );
    const batch = present(
      examples.find((block) => 'orders' in block),
      'the import example',
    );
    const answers = examples.filter((block) => 'code' in block);
    expect(answers).toHaveLength(3);
    const authorization = `Bearer ${present(merchantEnv.MERCHANT_API_KEY, 'key')}`;
    const put = await t.app.inject({
      method: 'PUT',
      url: merchantPath('upsertOrder', '5123'),
      payload: order,
      headers: { authorization },
    });
    expect(put.json()).toEqual(answers[0]);
    const imported = await t.app.inject({
      method: 'POST',
      url: merchantPath('importOrders'),
      payload: batch,
      headers: { authorization },
    });
    expect(imported.json()).toEqual(answers[1]);
    // The page's webhook commands as a merchant runs them, `date` answering the server's time.
    const script = present(
      (await blocks('sh')).find((block) => block.includes('webhooks/orders')),
      'the webhook example',
    );
    const dir = await mkdtemp(join(tmpdir(), 'webhook-'));
    try {
      await writeFile(join(dir, 'delivery.json'), `${JSON.stringify({ id: '5123', ...order }, null, 2)}\n`);
      const delivered = await runShell(`date() { echo ${String(nowSeconds(t.clock))}; }\n${script}`, dir, {
        API: present(merchantEnv.MERCHANT_API_URL, 'url'),
        SECRET: webhookSecret,
        SHOP,
      });
      expect(delivered.stderr).toBe('');
      expect(JSON.parse(delivered.stdout)).toEqual(answers[2]);
    } finally {
      await rm(dir, { recursive: true });
    }
    // What the page says of the order example: the socks are final sale, the jacket was refunded.
    const erin = present(await shopperView('#1001', 'erin@example.com'), 'the example order');
    expect(Object.keys(erin.yes)).toEqual([]);
    expect(erin.no['Wool Socks']).toMatchObject({ reason: NonReturnableReason.Other });
    expect(erin.no['Rain Jacket']).toMatchObject({ reason: NonReturnableReason.RefundedAtPlatform });
  });

  it('delivers the sample export as signed webhooks with --webhook, each state of an order once', async () => {
    // The script signs with the time it sends: this server's clock is the real one.
    const live = await buildTestApp(dialect, {}, { clock: systemClock });
    try {
      const shop = await addShop(live, SHOP);
      await live.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = live.app.server.address() as AddressInfo;
      const env = {
        MERCHANT_API_URL: `http://127.0.0.1:${String(port)}`,
        MERCHANT_SHOP: SHOP,
        MERCHANT_WEBHOOK_SECRET: shop.webhookSecret,
        ...woo.env,
      };
      const run = await runExample(['--webhook', SAMPLE], env);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('4 orders: 3 created, 0 updated, 0 unchanged, 1 skipped, 0 failed');
      const placed = new LocalStorePlatform(live.db, live.clock);
      const kim = await placed.findOrderByNumber(shop.shop.id, '1003');
      expect(Object.fromEntries(kim?.lines.map((l) => [l.title, l.refundedQuantity]) ?? [])).toEqual({
        'Rain Jacket': 0,
        'Wool Socks': 1,
      });
      // The same states again are repeats of the same events: nothing is applied twice.
      const again = await runExample(['--webhook', SAMPLE], env);
      expect(again.stdout).toContain('4 orders: 0 created, 0 updated, 3 unchanged, 1 skipped, 0 failed');
      const wrong = await runExample(['--webhook', SAMPLE], { ...env, MERCHANT_WEBHOOK_SECRET: webhookSecret });
      expect(wrong.code).toBe(2);
      expect(wrong.stderr).toMatch(
        /Stopped: the server refused the signature \(HTTP 401: The signature does not match\)/,
      );
    } finally {
      await live.close();
    }
  });

  it("says so when it cannot learn a refund's units, and leaves them returnable", async () => {
    const run = await runExample([SAMPLE], merchantEnv);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/^warning #1003: refunds 5010 \(14\.28\) name no units .* WC_URL/m);
    expect(present(await shopperView('1003', 'kim@example.com'), 'order #1003').yes['Wool Socks']).toMatchObject({
      refundable_quantity: 3,
    });
  });

  it('stops with a readable message and a non-zero exit when the key is wrong or missing', async () => {
    const wrongKey = await runExample([SAMPLE], { ...merchantEnv, MERCHANT_API_KEY: 'rc_not-a-key-of-this-server' });
    expect(wrongKey.code).toBe(2);
    expect(wrongKey.stderr).toMatch(/Stopped: the server refused MERCHANT_API_KEY \(HTTP 401: .+\)/);
    expect(wrongKey.stdout).not.toMatch(/created|updated/);
    expect(await shopperView('1002', 'sam@example.com')).toBeNull();

    const noKey = await runExample([SAMPLE], { MERCHANT_API_URL: present(merchantEnv.MERCHANT_API_URL, 'url') });
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toMatch(/Set MERCHANT_API_URL .* and MERCHANT_API_KEY/);
  });

  it('converts money by the currency, never through floats, and refunds every unit of a refunded order', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'woo-'));
    const wcOrder = (id: number, status: string, currency: string, item: Record<string, unknown>, more = {}) => ({
      id,
      number: String(id),
      status,
      currency,
      date_created_gmt: '2026-11-18T12:00:00',
      date_modified_gmt: '2026-11-19T12:00:00',
      billing: { first_name: 'Yui', last_name: 'Sato', email: 'yui@example.com', phone: '' },
      shipping_total: '0.00',
      shipping_tax: '0.00',
      line_items: [{ id: id * 10, product_id: 1, variation_id: 0, meta_data: [], sku: '', ...item }],
      refunds: [],
      ...more,
    });
    const orders = [
      // 1,000 yen for three: 333.33 each. The price rounds up to 334 and the discount takes the 2 yen back.
      wcOrder(2001, 'processing', 'JPY', {
        name: 'Tenugui',
        quantity: 3,
        subtotal: '1000.00',
        total: '900.00',
        total_tax: '90.00',
        price: 333.3333333,
      }),
      // A tax kept with three decimals rounds half away from zero; the refund names no units, the status says all.
      wcOrder(
        2002,
        'refunded',
        'EUR',
        { name: 'Scarf', quantity: 1, subtotal: '10.00', total: '10.00', total_tax: '1.235', price: 10 },
        { refunds: [{ id: 9, reason: '', total: '-11.24' }] },
      ),
    ];
    const file = join(dir, 'orders.json');
    await writeFile(file, JSON.stringify(orders));
    try {
      const run = await runExample([file], merchantEnv);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
    } finally {
      await rm(dir, { recursive: true });
    }
    const yen = present(await shopperView('2001', 'yui@example.com'), 'order 2001');
    expect(yen.yes.Tenugui).toMatchObject({ price: 334, quantity: 3, refundable_quantity: 3 });
    expect(yen.total).toMatchObject({ currency: 'JPY', money: 990 });
    const refunded = present(await shopperView('2002', 'yui@example.com'), 'order 2002');
    expect(refunded.total.money).toBe(1124);
    expect(refunded.yes.Scarf).toBeUndefined();
    expect(refunded.no.Scarf).toMatchObject({ reason: NonReturnableReason.RefundedAtPlatform, refundable_quantity: 0 });
  });
});
