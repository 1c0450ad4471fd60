import {
  calls,
  MERCHANT_BASE,
  type Envelope,
  type MerchantRequest,
  type MerchantWithdrawal,
  type WebhookEvent,
  type WithdrawalOrder,
} from '@return-center/contract';
import { present } from '@return-center/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  addEmptyShop,
  buildTestApp,
  dialects,
  shop,
  signInConsole,
  START,
  submitReturn,
  type TestApp,
} from '../../../test/helper.js';

const DEMO_KEY = 'demo-merchant-key';
const OTHER_KEY = 'other-shop-key-123456';
const DAY = 86_400;
const NOW = START / 1000;
/** Carol's order #1004, declared for under an address that is not the order's: no request is made. */
const STRANGER = {
  shop_url: shop,
  order_number: '#1004',
  email: 'caroline@example.net',
  name: 'Caroline Example',
  scope: 'items',
  items_text: 'the sweater',
  lang: 'en',
};

/** Declarations that made no request, seen and linked at the desk (ADR 046). */
describe.each(dialects)('withdrawals at the desk on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect);
  });
  afterEach(() => t.close());

  const api = async <T>(method: 'GET' | 'POST', path: string, payload?: object, key = DEMO_KEY) => {
    const reply = await t.app.inject({
      method,
      url: MERCHANT_BASE + path,
      headers: { authorization: `Bearer ${key}` },
      ...(payload && { payload }),
    });
    return { status: reply.statusCode, body: reply.json<Envelope<T>>() };
  };
  const listed = async (query = '') =>
    (await api<{ items: MerchantWithdrawal[] }>('GET', `/withdrawals${query}`)).body.data.items;
  const declare = async (payload: Record<string, unknown>) => {
    await t.call(calls.declareWithdrawal, payload);
    return present((await listed())[0], 'declaration');
  };
  const request = async (id: number) => (await api<MerchantRequest>('GET', `/requests/${String(id)}`)).body.data;
  const announced = async (type: string) => {
    await t.app.ctx.worker.runDue();
    const feed = await api<{ items: WebhookEvent[] }>('GET', `/events?after=0&type=${type}`);
    return feed.body.data.items.map((event) => (event.data.request as MerchantRequest).id);
  };

  it('lists the declarations without a request and links one to its order’s open request, on the request’s timeline', async () => {
    const { requestId } = await submitReturn(t);
    t.clock.advance(3_600_000);
    // Alice's order already has an open return: her declaration is stored and acknowledged, without a request.
    const alice = await declare({ ...STRANGER, order_number: '#1001', email: 'alice@example.com', scope: 'order' });
    const stranger = await declare(STRANGER);
    expect(alice).toMatchObject({ matched: true, request_id: null, linked: null });
    expect((await listed('?request=none')).map((w) => w.id)).toEqual([stranger.id, alice.id]);

    const order = await api<WithdrawalOrder>('GET', `/withdrawals/${String(alice.id)}/order?order_number=1001`);
    expect(order.body.data).toMatchObject({
      order_name: '#1001',
      email_matches: true,
      within_period: true,
      open_request: { id: requestId, status: 1 },
    });
    expect(order.body.data.items.map((i) => i.title)).toContain('Linen Shirt');

    t.clock.advance(3_600_000);
    const owner = await signInConsole(t);
    const reply = await owner.send('POST', `${MERCHANT_BASE}/withdrawals/${String(alice.id)}/link-request`, {
      request_id: requestId,
    });
    expect(reply.status).toBe(200);
    const linked = reply.body.data as MerchantWithdrawal;
    const by = `console:${owner.session.account.email}`;
    expect(linked).toEqual({ ...alice, request_id: requestId, linked: { by, at: NOW + 7_200 } });
    // The declaration itself is as it was received; only the link is beside it.
    const stored = await t.db.selectFrom('withdrawals').selectAll().where('id', '=', alice.id).executeTakeFirst();
    expect(stored).toMatchObject({ request_id: null, name: alice.name, declared_at: alice.declared_at });

    const linkedRequest = await request(requestId);
    expect(linkedRequest.withdrawal).toEqual({ declared_at: NOW + 3_600, refund_by: NOW + 3_600 + 14 * DAY });
    expect(linkedRequest.events.at(-1)).toMatchObject({ action: 'withdrawal', actor: by, note: alice.reference });
    expect(await announced('request.updated')).toContain(requestId);
    expect((await listed('?request=none')).map((w) => w.id)).toEqual([stranger.id]);

    const again = await api('POST', `/withdrawals/${String(alice.id)}/link-request`, { request_id: requestId });
    expect(again.status).toBe(409);
  });

  it('makes the order’s withdrawal request for an unmatched declaration, with the items staff pick', async () => {
    const stranger = await declare(STRANGER);
    expect(stranger).toMatchObject({ matched: false, within_period: null, items: [] });
    const order = (await api<WithdrawalOrder>('GET', `/withdrawals/${String(stranger.id)}/order?order_number=%231004`))
      .body.data;
    expect(order).toMatchObject({ email_matches: false, customer_email: 'carol@example.com', open_request: null });
    const sweater = present(order.items[0], 'an item of #1004');

    t.clock.advance(2 * DAY * 1000);
    const link = (items: object[]) =>
      api<MerchantWithdrawal>('POST', `/withdrawals/${String(stranger.id)}/link-order`, {
        order_number: '1004',
        items,
      });
    const none = await link([]);
    expect(none.status).toBe(422);
    expect(none.body.data).toEqual({
      errors: [{ field: 'items', message: expect.stringContaining('items') as string }],
    });
    const made = await link([{ line_item_id: sweater.line_item_id, quantity: 1 }]);
    expect(made.status).toBe(200);
    const requestId = present(made.body.data.request_id, 'request');
    expect(made.body.data.linked).toEqual({ by: 'merchant-api', at: NOW + 2 * DAY });

    const made2 = await request(requestId);
    // Due 14 days from the declaration, not from the day staff linked it.
    expect(made2.withdrawal).toEqual({ declared_at: NOW, refund_by: NOW + 14 * DAY });
    expect(made2.customer_email).toBe('carol@example.com');
    expect(made2.items.map((i) => [i.title, i.quantity])).toEqual([[sweater.title, 1]]);
    expect(made2.events.map((e) => [e.action, e.actor, e.note])).toEqual([
      ['withdrawal', 'merchant-api', stranger.reference],
    ]);
    expect(await announced('request.created')).toContain(requestId);
    expect((await link([{ line_item_id: sweater.line_item_id, quantity: 1 }])).status).toBe(409);
  });

  it('refuses another shop’s declaration, an unknown order, a closed request, an order with an open one, and a late declaration', async () => {
    const stranger = await declare(STRANGER);
    const path = (what: string) => `/withdrawals/${String(stranger.id)}/${what}`;
    await t.app.ctx.services.merchant.keys.add(await addEmptyShop(t), OTHER_KEY, 'test');
    const foreign = await api('GET', path('order?order_number=1004'), undefined, OTHER_KEY);
    expect(foreign.status).toBe(404);
    expect(foreign).toEqual(await api('GET', `/withdrawals/${String(stranger.id + 99)}/order?order_number=1004`));
    expect((await api('POST', path('link-order'), { order_number: '1004' }, OTHER_KEY)).status).toBe(404);

    const unknown = await api('POST', path('link-order'), { order_number: '9999' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.data).toEqual({
      errors: [{ field: 'order_number', message: 'no order of this shop has this number' }],
    });

    const { requestId } = await submitReturn(t, { order: '#1001' });
    const open = await api('POST', path('link-order'), { order_number: '1001' });
    expect(open.status).toBe(409);
    expect(open.body.msg).toContain(`RMA-${String(requestId).padStart(6, '0')}`);
    await api('POST', `/requests/${String(requestId)}/reject`, { reason: 'No' });
    const closed = await api('POST', path('link-request'), { request_id: requestId });
    expect(closed.status).toBe(409);
    expect((await api('POST', path('link-request'), { request_id: requestId + 99 })).status).toBe(422);

    // #1002 was delivered 40 days ago: a declaration for it came after the period.
    const late = await api('POST', path('link-order'), { order_number: '1002' });
    expect(late.status).toBe(422);
    expect(late.body.data).toEqual({ errors: [{ field: 'order_number', message: expect.any(String) as string }] });
    expect((await listed('?request=none')).map((w) => w.id)).toEqual([stranger.id]);
  });

  it('forgets a declaration with its link when its customer is forgotten', async () => {
    const { requestId } = await submitReturn(t);
    const alice = await declare({ ...STRANGER, order_number: '#1001', email: 'alice@example.com', scope: 'order' });
    await api('POST', `/withdrawals/${String(alice.id)}/link-request`, { request_id: requestId });
    const shopId = (await t.db.selectFrom('shops').select('id').where('shop_url', '=', shop).executeTakeFirstOrThrow())
      .id;
    await t.app.ctx.services.privacy.forgetCustomer(shopId, { email: 'alice@example.com' });
    expect(await listed()).toEqual([]);
    expect(await t.db.selectFrom('withdrawal_links').selectAll().execute()).toEqual([]);
  });
});
