import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { calls } from '@return-center/contract';
import { present } from '@return-center/domain';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, merchantAction, shop, submitReturn, type TestApp } from '../../../test/helper.js';
import { uploadPhoto } from '../../../test/shopify.js';
import { TABLE_OWNERS } from '../../table-owners.js';

/** What names Carol in the demo shop: her email, phone, street and full name. */
const CAROL = ['carol@example.com', '7946 0018', 'baker street', 'carol smith'];
const ALICE = ['alice@example.com', '212-555-0101', '350 5th ave'];
const IBAN = 'GB82 WEST 1234 5698 7654 32';

describe.each(dialects)('forgetting on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect, { UPLOAD_DIR: mkdtempSync(join(tmpdir(), 'privacy-')) });
  });
  afterEach(() => t.close());

  /** The declared personal columns (every owner's, every table) holding any of these words, as `table.column`. */
  const holding = async (words: string[]) => {
    const found: string[] = [];
    for (const owner of TABLE_OWNERS)
      for (const [table, data] of Object.entries(owner.tables))
        for (const column of Object.keys(data.personal ?? {})) {
          const text = sql`lower(cast(${sql.ref(column)} as text))`;
          const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}
            where ${sql.join(
              words.map((word) => sql`${text} like ${`%${word}%`}`),
              sql` or `,
            )}`.execute(t.db);
          if (Number(rows[0]?.n) > 0) found.push(`${table}.${column}`);
        }
    return found.sort();
  };

  /** Carol signs in both ways, sends a photo, names her bank account and returns by label; the merchant approves. */
  const carolReturns = async () => {
    await t.call(calls.loginCode, { email: 'carol@example.com', shop_url: shop, lang: 'en' });
    const login = await t.call(calls.login, { shop_url: shop, email: 'carol@example.com', order_number: '#1004' });
    const token = login.body.data.token;
    const photo = await uploadPhoto(t, token);
    const orderId = present((await t.call(calls.index, {}, token)).body.data.list[0], '#1004').id;
    const payee = { order_id: orderId, name: 'Carol', surname: 'Smith', iban: IBAN, currency: 'GBP' };
    const account_id = (await t.call(calls.wiseCustomerCreate, payee, token)).body.data.account_id;
    const { requestId } = await submitReturn(t, {
      order: '#1004',
      email: 'carol@example.com',
      title: 'Merino Sweater',
      solution_id: 6,
      shipping_method_id: 1,
      proof: [photo],
      extra: { wise: { iban: IBAN, name: 'Carol Smith', account_id, currency: 'GBP' } },
    });
    expect((await merchantAction(t, requestId, 'approve')).statusCode).toBe(200);
    await t.app.ctx.worker.runDue();
    return { photo };
  };
  const shopId = async () => present(await t.app.ctx.services.storefront.shops.byUrl(shop), 'demo shop').id;

  it("leaves a forgotten customer's email, phone, address and name in no personal column, and others' in place", async () => {
    const { photo } = await carolReturns();
    await submitReturn(t);
    await t.app.ctx.worker.runDue();
    const before = await holding(CAROL);
    // Her traces are everywhere first: the test would see one that stays.
    expect(before).toEqual(
      expect.arrayContaining([
        'customers.email',
        'jobs.payload',
        'mails.to_address',
        'orders.shipping_address',
        'payout_recipients.holder',
        'rate_limits.bucket',
        'request_events.note',
        'return_requests.customer_email',
        'sessions.email',
        'uploads.email',
        'verification_codes.email',
      ]),
    );
    const aliceBefore = await holding(ALICE);

    const forgotten = await t.app.ctx.services.privacy.forgetCustomer(await shopId(), { email: 'Carol@Example.com' });
    expect(forgotten?.requestIds).toHaveLength(1);
    expect(await holding(CAROL)).toEqual([]);
    expect(await holding(ALICE)).toEqual(aliceBefore);
    expect((await t.app.inject({ method: 'GET', url: photo })).statusCode).toBe(404);
    const login = await t.call(calls.login, { shop_url: shop, email: 'carol@example.com', order_number: '#1004' });
    expect(login.body.code).not.toBe(1000);
  });

  it("leaves none of a forgotten shop's customers in any personal column", async () => {
    await carolReturns();
    await submitReturn(t);
    await t.app.ctx.worker.runDue();
    expect(await holding(['@example.com'])).not.toEqual([]);
    await t.app.ctx.services.privacy.forgetShop(await shopId());
    expect(await holding([...CAROL, ...ALICE, '@example.com'])).toEqual([]);
  });
});
