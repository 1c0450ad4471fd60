import {
  calls,
  Code,
  MERCHANT_BASE,
  WITHDRAWAL_REQUEST_TYPE,
  type Envelope,
  type MerchantRequest,
  type MerchantWithdrawal,
  type WebhookEvent,
} from '@return-center/contract';
import { configSign, present } from '@return-center/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rule, saveRules } from '../../../test/rules.js';
import {
  addShop,
  buildTestApp,
  dialects,
  patchSettings,
  shop,
  sign,
  START,
  trySubmitReturn,
  type TestApp,
} from '../../../test/helper.js';

const KEY = { authorization: 'Bearer demo-merchant-key' };
const DAY = 86_400;
const NOW = START / 1000;
const ALICE = { shop_url: shop, order_number: '#1001', email: 'alice@example.com' };
const declaration = { ...ALICE, name: 'Alice Example', scope: 'order', lang: 'de' };

interface StoredMail {
  subject: string;
  text: string;
  attachments: { filename: string; content_type: string; content_base64: string }[];
}

/** The EU withdrawal function (issue 35 point 1, ADR 046). */
describe.each(dialects)('withdrawal function on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect);
  });
  afterEach(() => t.close());

  const api = async <T>(path: string) => {
    const reply = await t.app.inject({ method: 'GET', url: MERCHANT_BASE + path, headers: KEY });
    return reply.json<Envelope<T>>().data;
  };
  const withdrawals = async () => (await api<{ items: MerchantWithdrawal[] }>('/withdrawals')).items;
  const requestCount = async () => (await t.db.selectFrom('return_requests').select('id').execute()).length;
  const mails = async (to: string) => {
    for (let round = 0; round < 3; round++) await t.app.ctx.worker.runDue();
    const reply = await t.app.inject({ method: 'GET', url: `/dev/mailbox?to=${encodeURIComponent(to)}` });
    return reply.json<StoredMail[]>();
  };
  const declare = (payload: Record<string, unknown>, ip?: string) =>
    t.call(calls.declareWithdrawal, payload, undefined, ip);

  it('is on for the demo shop and shown in its portal configuration; a dollar shop in the US has it off', async () => {
    const config = await t.call(calls.getConfig, { shop_url: shop, code: 'en', sign });
    expect(config.body.data.withdrawal).toBe(true);
    await addShop(t, 'dollars.myshopify.com');
    const other = await t.call(calls.getConfig, {
      shop_url: 'dollars.myshopify.com',
      code: 'en',
      sign: configSign('dollars.myshopify.com'),
    });
    expect(other.body.data.withdrawal).toBe(false);
    const refused = await t.call(calls.declareWithdrawal, { ...declaration, shop_url: 'dollars.myshopify.com' });
    expect(refused.body.code).toBe(Code.NotFound);
  });

  it('is on by default for a shop that sells in euros or returns to the EU, and off when the merchant says so', async () => {
    await patchSettings(t, (s) => {
      s.withdrawal.enabled = null;
    });
    const enabled = async () =>
      (await t.call(calls.getConfig, { shop_url: shop, code: 'en', sign })).body.data.withdrawal;
    expect(await enabled()).toBe(false); // the demo sells in dollars from San Francisco
    await patchSettings(t, (s) => {
      s.return_address.country_code = 'DE';
    });
    expect(await enabled()).toBe(true);
    await patchSettings(t, (s) => {
      s.withdrawal.enabled = false;
    });
    expect(await enabled()).toBe(false);
    expect((await t.call(calls.withdrawalItems, ALICE)).body.code).toBe(Code.NotFound);
  });

  it('refuses a period shorter than the legal 14 days when the merchant saves it', async () => {
    const current = await t.app.inject({ method: 'GET', url: `${MERCHANT_BASE}/settings`, headers: KEY });
    const settings = current.json<Envelope<{ withdrawal: object }>>().data;
    const reply = await t.app.inject({
      method: 'PUT',
      url: `${MERCHANT_BASE}/settings`,
      headers: { ...KEY, 'if-match': current.headers.etag as string },
      payload: { ...settings, withdrawal: { enabled: true, period_days: 10 } },
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.body).toContain('withdrawal.period_days');
  });

  it('shows the order’s items only to its own email, and answers the same empty list otherwise', async () => {
    const mine = await t.call(calls.withdrawalItems, ALICE);
    expect(mine.body.data.items.map((i) => i.title)).toContain('Linen Shirt');
    const wrongEmail = await t.call(calls.withdrawalItems, { ...ALICE, email: 'mallory@example.com' });
    const noOrder = await t.call(calls.withdrawalItems, { ...ALICE, order_number: '#9999' });
    expect(wrongEmail.body).toEqual({ code: Code.Success, msg: 'ok', data: { items: [] } });
    expect(noOrder.body).toEqual(wrongEmail.body);
  });

  it('stores the declaration as submitted, makes a withdrawal request, and acknowledges it with a PDF', async () => {
    const { body } = await declare(declaration);
    expect(body.data).toEqual({ reference: 'W-000001', declared_at: NOW });
    const [stored] = await withdrawals();
    expect(stored).toMatchObject({
      reference: 'W-000001',
      name: 'Alice Example',
      email: 'alice@example.com',
      order_number: '1001',
      scope: 'order',
      language: 'de',
      declared_at: NOW,
      refund_by: NOW + 14 * DAY,
      matched: true,
      within_period: true,
    });
    expect(stored?.items.length).toBeGreaterThan(0);
    const requestId = present(stored?.request_id, 'request');
    const request = await api<MerchantRequest>(`/requests/${String(requestId)}`);
    expect(request.withdrawal).toEqual({ declared_at: NOW, refund_by: NOW + 14 * DAY });
    expect(request.status).toBe(1);
    const row = await t.db.selectFrom('return_requests').selectAll().where('id', '=', requestId).executeTakeFirst();
    expect(row?.request_type).toBe(WITHDRAWAL_REQUEST_TYPE);
    // The shop's other systems hear of it like any new request.
    await t.app.ctx.worker.runDue();
    const feed = await api<{ items: WebhookEvent[] }>('/events?after=0&type=request.created');
    expect(feed.items.map((event) => (event.data.request as MerchantRequest).id)).toEqual([requestId]);
    const list = await api<{ items: { id: number; withdrawal: unknown }[] }>('/requests');
    expect(list.items.find((r) => r.id === requestId)?.withdrawal).toEqual({
      declared_at: NOW,
      refund_by: NOW + 14 * DAY,
    });

    const [mail] = await mails('alice@example.com');
    expect(mail?.subject).toBe('Eingangsbestätigung Ihres Widerrufs W-000001 – Fernhill Supply Co.');
    expect(mail?.text).toContain('Guten Tag Alice Example');
    expect(mail?.text).toContain('Bestellung 1001 am 20. November 2026 um 15:00:00 UTC');
    expect(mail?.text).toContain('die gesamte Bestellung');
    const [pdf] = mail?.attachments ?? [];
    expect(pdf?.filename).toBe('W-000001.pdf');
    expect(pdf?.content_type).toBe('application/pdf');
    expect(
      Buffer.from(pdf?.content_base64 ?? '', 'base64')
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('keeps the declaration unchanged whatever happens to its request', async () => {
    await declare({ ...declaration, items_text: 'all of it' });
    const [before] = await withdrawals();
    const requestId = present(before?.request_id, 'request');
    const reject = await t.app.inject({
      method: 'POST',
      url: `${MERCHANT_BASE}/requests/${String(requestId)}/reject`,
      headers: KEY,
      payload: { reason: 'No' },
    });
    expect(reject.statusCode).toBe(200);
    t.clock.advance(3_600_000);
    await declare({ ...declaration, name: 'Someone Else' });
    const [second, first] = await withdrawals();
    expect(first).toEqual(before);
    expect(second?.name).toBe('Someone Else');
  });

  it('reveals nothing for an order that is not found: the same answer, stored and acknowledged, no request', async () => {
    const requests = await requestCount();
    const found = await declare(declaration);
    const unknown = await declare({ ...declaration, order_number: '#9999', email: 'eve@example.com' });
    const wrongEmail = await declare({ ...declaration, email: 'eve@example.com' });
    for (const answer of [unknown, wrongEmail]) {
      expect(answer.status).toBe(found.status);
      expect(Object.keys(answer.body.data)).toEqual(Object.keys(found.body.data));
      expect(answer.body.code).toBe(Code.Success);
    }
    expect(await requestCount()).toBe(requests + 1);
    const [latest, middle] = await withdrawals();
    expect(latest).toMatchObject({ matched: false, request_id: null, within_period: null, items: [] });
    expect(middle).toMatchObject({ matched: false, order_number: '9999' });
    const acknowledged = await mails('eve@example.com');
    expect(acknowledged).toHaveLength(2);
    expect(acknowledged[0]?.text).not.toContain('Linen');
    expect(acknowledged[0]?.attachments).toHaveLength(1);
  });

  it('limits tries per order number and address, and per address, as signing in does', async () => {
    for (let i = 0; i < 10; i++) expect((await t.call(calls.withdrawalItems, ALICE)).body.code).toBe(Code.Success);
    expect((await declare(declaration)).body.code).toBe(Code.RateLimited);
    expect((await declare(declaration, '10.0.0.2')).body.code).toBe(Code.Success);
    for (let i = 0; i < 30; i++)
      await t.call(calls.withdrawalItems, { ...ALICE, order_number: `#${String(2000 + i)}` }, undefined, '10.0.0.3');
    const other = await t.call(calls.withdrawalItems, { ...ALICE, order_number: '#1003' }, undefined, '10.0.0.3');
    expect(other.body.code).toBe(Code.RateLimited);
  });

  it('counts the period from delivery: after it the declaration is kept but makes no request; a longer period allows it', async () => {
    const late = { ...declaration, order_number: '#1002' }; // delivered 40 days ago
    await declare(late);
    expect((await withdrawals())[0]).toMatchObject({ matched: true, within_period: false, request_id: null });
    await patchSettings(t, (s) => {
      s.withdrawal.period_days = 60;
    });
    await declare(late);
    const [longer] = await withdrawals();
    expect(longer).toMatchObject({ matched: true, within_period: true });
    expect(longer?.request_id).not.toBeNull();
  });

  it('is not denied by the shop’s rules within the period', async () => {
    await saveRules(t, [
      rule(
        'no-shirts',
        [{ field: 'product_type', op: 'in', values: ['Shirts'] }],
        [{ type: 'deny', message: { text: 'Shirts are final', translations: {} } }],
      ),
    ]);
    await expect(trySubmitReturn(t)).rejects.toThrow('Linen Shirt is missing'); // not offered for a return
    const items = (await t.call(calls.withdrawalItems, ALICE)).body.data.items;
    const shirt = present(
      items.find((i) => i.title === 'Linen Shirt'),
      'shirt',
    );
    await declare({ ...declaration, scope: 'items', items: [{ line_item_id: shirt.line_item_id, quantity: 1 }] });
    const [stored] = await withdrawals();
    expect(stored?.items).toEqual([{ line_item_id: shirt.line_item_id, title: 'Linen Shirt', quantity: 1 }]);
    const request = await api<MerchantRequest>(`/requests/${String(present(stored?.request_id, 'request'))}`);
    expect(request.items.map((i) => i.title)).toEqual(['Linen Shirt']);
    expect(request.refund).toBeGreaterThan(0);
  });
});
