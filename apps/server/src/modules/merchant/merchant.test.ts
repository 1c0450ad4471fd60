import {
  calls,
  Code,
  MERCHANT_BASE,
  merchantRoutes,
  type Envelope,
  type MerchantRequest,
  type ShopSettings,
} from '@return-center/contract';
import { present } from '@return-center/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  addEmptyShop,
  buildTestApp,
  dialects,
  mailbox,
  shop,
  submitReturn,
  type TestApp,
} from '../../../test/helper.js';

const KEY = 'demo-merchant-key';

type RequestList = z.infer<typeof merchantRoutes.list.answer>;
/** The parts of the OpenAPI document the test reads. */
interface OpenApiDoc {
  paths: Record<
    string,
    Record<string, { requestBody?: { content: Record<string, { schema: { required?: string[] } }> } }>
  >;
}

describe.each(dialects)('merchant API on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect);
  });
  afterEach(() => t.close());

  /** A merchant API call; `T` is what `data` holds when it succeeds. */
  const api = async <T = unknown>(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    payload?: object,
    key: string | null = KEY,
  ) => {
    const response = await t.app.inject({
      method,
      url: MERCHANT_BASE + path,
      ...(payload ? { payload } : {}),
      headers: key ? { authorization: `Bearer ${key}` } : {},
    });
    return { status: response.statusCode, body: response.json<Envelope<T>>() };
  };

  it('refuses a missing or unknown key, and a request of another shop', async () => {
    const { requestId } = await submitReturn(t);
    expect((await api('GET', '/requests', undefined, null)).status).toBe(401);
    expect((await api('GET', '/requests', undefined, 'x'.repeat(20))).status).toBe(401);
    // A second shop with its own key cannot see the demo shop's request.
    const otherId = await addEmptyShop(t);
    await t.app.ctx.services.merchant.keys.add(otherId, 'other-shop-key-123456', 'test');
    // Another shop's request answers exactly like one that does not exist.
    const foreign = await api('POST', `/requests/${requestId}/approve`, {}, 'other-shop-key-123456');
    const missing = await api('POST', `/requests/${requestId + 1000}/approve`, {}, 'other-shop-key-123456');
    expect(foreign).toEqual(missing);
    expect(foreign.body.code).toBe(Code.NotFound);
    const foreignDetail = await api('GET', `/requests/${requestId}`, undefined, 'other-shop-key-123456');
    expect(foreignDetail).toEqual(
      await api('GET', `/requests/${requestId + 1000}`, undefined, 'other-shop-key-123456'),
    );
    expect((await api<RequestList>('GET', '/requests', undefined, 'other-shop-key-123456')).body.data.items).toEqual(
      [],
    );
    expect((await api<MerchantRequest>('GET', `/requests/${requestId}`)).body.data.status).toBe(1);
  });

  it('slows down key guessing: after 20 wrong keys an address must wait, others are unaffected', async () => {
    const from = (remoteAddress: string, key: string) =>
      t.app.inject({
        method: 'GET',
        url: `${MERCHANT_BASE}/requests`,
        remoteAddress,
        headers: { authorization: `Bearer ${key}` },
      });
    for (let i = 0; i < 20; i++)
      expect((await from('198.51.100.1', `guess-${i}-padding-padding`)).statusCode).toBe(401);
    const blocked = await from('198.51.100.1', KEY);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json<Envelope<null>>().code).toBe(Code.RateLimited);
    expect((await from('198.51.100.2', KEY)).statusCode).toBe(200);
    t.clock.advance(15 * 60 * 1000);
    expect((await from('198.51.100.1', KEY)).statusCode).toBe(200);
  });

  it('walks a request from review to refund, with label, tracking, audit trail and an email at each step', async () => {
    const { token, requestId } = await submitReturn(t, { shipping_method_id: 1 });
    await t.app.ctx.worker.runDue();
    const approved = await api<MerchantRequest>('POST', `/requests/${requestId}/approve`);
    expect(approved.body.data.status).toBe(2);
    await t.app.ctx.worker.runDue();

    const detail = (await t.call(calls.returnInfo, { request_id: requestId }, token)).body.data;
    expect(detail.label_url).toMatch(/^\/documents\/label\/\d+\.pdf\?exp=\d+&sig=/);
    expect(detail.tracking_number).toMatch(/^9400\d{18}$/);
    const pdf = await t.app.inject({ method: 'GET', url: detail.label_url });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(
      (await t.app.inject({ method: 'GET', url: detail.label_url.replace(/sig=.*/, 'sig=forged') })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: detail.packing_slip_url })).statusCode).toBe(200);
    // A link lives 30 days; a longer expiry cannot be written into it, and the status page hands out fresh ones.
    const later = detail.label_url.replace(/exp=(\d+)/, (_: string, exp: string) => `exp=${Number(exp) + 86_400}`);
    expect((await t.app.inject({ method: 'GET', url: later })).statusCode).toBe(403);
    t.clock.advance(31 * 86_400 * 1000);
    expect((await t.app.inject({ method: 'GET', url: detail.label_url })).statusCode).toBe(403);
    const again = (await t.call(calls.login, { shop_url: shop, email: 'alice@example.com', order_number: '#1001' }))
      .body.data.token;
    const fresh = (await t.call(calls.returnInfo, { request_id: requestId }, again)).body.data.label_url;
    expect((await t.app.inject({ method: 'GET', url: fresh })).statusCode).toBe(200);
    t.clock.advance(-31 * 86_400 * 1000);

    expect(
      (
        await t.call(
          calls.addTracking,
          { request_id: requestId, tracking_number: '1Z999AA10123456784', shipping_carrier: 'UPS' },
          token,
        )
      ).body.code,
    ).toBe(Code.Success);
    expect((await api<MerchantRequest>('POST', `/requests/${requestId}/receive`)).body.data.status).toBe(5);
    const refunded = await api<MerchantRequest>('POST', `/requests/${requestId}/refund`, { amount: 4000 });
    expect(refunded.body.data).toMatchObject({ status: 4, refund_state: 'pending' });
    const polling = (await t.call(calls.refundCheck, { id: requestId }, token)).body.data;
    expect(polling.work_flow_refresh).toEqual({ continue: true, apply: false });
    await t.app.ctx.worker.runDue();
    const done = (await t.call(calls.refundCheck, { id: requestId }, token)).body.data;
    expect(done.work_flow_refresh).toEqual({ continue: false, apply: true });
    expect(done.detail).toMatchObject({
      status: 4,
      refund_state: 'refunded',
      actual_refund: 4000,
      tracking_number: '1Z999AA10123456784',
    });

    const events = (await api<MerchantRequest>('GET', `/requests/${requestId}`)).body.data.events;
    expect(events.filter((e) => e.action !== 'email').map((e) => e.action)).toEqual([
      'approve',
      'tracking',
      'receive',
      'refund',
    ]);
    // The emails sent are on the timeline too, by subject and recipient.
    expect(events.filter((e) => e.action === 'email').map((e) => e.note)).toContain(
      'Your return RMA-000002 is approved → alice@example.com',
    );
    const subjects = (await mailbox(t, 'alice@example.com')).map((m) => m.subject).reverse();
    expect(subjects.filter((s) => !s.includes('verification'))).toEqual([
      'We received your return request RMA-000002',
      'Your return RMA-000002 is approved',
      'We received your returned items (RMA-000002)',
      'Your refund for RMA-000002 is on its way',
    ]);
    const approvedMail = present(
      (await mailbox(t, 'alice@example.com')).find((m) => m.subject.includes('approved')),
      'approval email',
    );
    expect(approvedMail.text).toContain('/documents/label/');
    // The status link opens this shop's portal, whichever shop the server opens by default.
    expect(approvedMail.text).toContain(`/status-manage/return-details/${String(requestId)}?shop=${shop}`);
  });

  it('refuses illegal transitions and over-refunds with clear codes', async () => {
    const { requestId } = await submitReturn(t);
    const early = await api('POST', `/requests/${requestId}/refund`);
    expect(early).toMatchObject({
      status: 409,
      body: { code: Code.IllegalTransition, msg: 'Cannot refund a request that is pending review' },
    });
    await api('POST', `/requests/${requestId}/approve`);
    // The request tells the console the ceiling the refund is held to, so the console decides nothing of its own.
    const received = await api<MerchantRequest>('POST', `/requests/${requestId}/receive`);
    expect(received.body.data.refundable).toBe(4763);
    expect((await api('POST', `/requests/${requestId}/refund`, { amount: 999999 })).body.msg).toMatch(/at most 4763/);
    expect((await api('POST', `/requests/${requestId}/reject`, {})).body.code).toBe(Code.InvalidInput);
  });

  it('refunds as a discount code or gift card when the merchant overrides the solution', async () => {
    const { token, requestId } = await submitReturn(t);
    await api('POST', `/requests/${requestId}/approve`);
    await api('POST', `/requests/${requestId}/receive`);
    expect((await api('POST', `/requests/${requestId}/refund`, { solution_id: 6 })).body.msg).toMatch(
      /no bank account/,
    );
    expect(
      (await api<MerchantRequest>('POST', `/requests/${requestId}/refund`, { solution_id: 2 })).body.data.solution_id,
    ).toBe(2);
    await t.app.ctx.worker.runDue();
    const detail = (await t.call(calls.returnInfo, { request_id: requestId }, token)).body.data;
    expect(detail).toMatchObject({ refund_state: 'refunded', gift_card_code: '' });
    expect(detail.discount_code).toMatch(/^RETURN-[0-9A-F]{10}$/);
    const mail = present((await mailbox(t, 'alice@example.com'))[0], 'refund email');
    expect(mail.text).toContain(`Your code: ${detail.discount_code}`);
  });

  it('shows a rejection with its reason to the shopper', async () => {
    const { token, requestId } = await submitReturn(t);
    await api('POST', `/requests/${requestId}/reject`, { reason: 'Worn item' });
    await t.app.ctx.worker.runDue();
    expect((await t.call(calls.returnInfo, { request_id: requestId }, token)).body.data).toMatchObject({
      status: 3,
      decline_reason: 'Worn item',
    });
    const mail = present((await mailbox(t, 'alice@example.com'))[0], 'rejection email');
    expect(mail.subject).toBe('Your return RMA-000002 was not approved');
    expect(mail.text).toContain('Worn item');
  });

  it('lists requests with filters and cursor pages', async () => {
    await submitReturn(t);
    const all = (await api<RequestList>('GET', '/requests?limit=1')).body.data;
    expect(all.items).toHaveLength(1);
    const cursor = present(all.next_cursor, 'next cursor');
    const next = (await api<RequestList>('GET', `/requests?limit=1&cursor=${cursor}`)).body.data;
    expect(next.items[0]?.order_no).toBe('#1005');
    expect(next.next_cursor).toBeNull();
    expect(
      (await api<RequestList>('GET', '/requests?email=alice@example.com')).body.data.items.map((r) => r.order_no),
    ).toEqual(['#1001']);
    expect((await api<RequestList>('GET', '/requests?order=%231005&status=1')).body.data.items).toHaveLength(1);
    expect((await api('GET', '/requests?status=abc')).body.code).toBe(Code.InvalidInput);
  });

  it('reads and replaces the store configuration, validating it', async () => {
    const settings = (await api<ShopSettings>('GET', '/settings')).body.data;
    settings.style.return_page_primary_color = '#0a7d4f';
    settings.return_setting.return_fee = 300;
    expect((await api('PUT', '/settings', settings)).body.code).toBe(Code.Success);
    const { body } = await t.call(calls.pageSetting, { shop_url: 'demo-shop.myshopify.com' });
    expect(body.data.style.return_page_primary_color).toBe('#0a7d4f');
    expect((await api('PUT', '/settings', { return_setting: { return_fee: 'free' } })).body.code).toBe(
      Code.InvalidInput,
    );
  });

  it('publishes the API as OpenAPI generated from the contract', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/merchant/docs/openapi.json' })).json<OpenApiDoc>();
    expect(Object.keys(doc.paths)).toContain('/merchant/v1/requests/{id}/refund');
    expect(
      doc.paths['/merchant/v1/requests/{id}/reject']?.post?.requestBody?.content['application/json']?.schema.required,
    ).toEqual(['reason']);
    const page = await t.app.inject({ method: 'GET', url: '/merchant/docs' });
    expect(page.body).toContain('/merchant/v1/requests/{id}/approve');
  });
});
