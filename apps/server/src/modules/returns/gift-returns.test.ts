import { randomUUID } from 'node:crypto';
import { calls, Code, MERCHANT_BASE, SolutionId, type MerchantRequest } from '@return-center/contract';
import { present } from '@return-center/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalStorePlatform } from '../../adapters/store-platform/local.js';
import {
  buildTestApp,
  dialects,
  mailbox,
  merchantAction,
  patchSettings,
  shop,
  submitReturn,
  type TestApp,
} from '../../../test/helper.js';

const GINA = 'gina@example.com';
const KEY = { authorization: 'Bearer demo-merchant-key' };

describe.each(dialects)('gift returns on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect);
  });
  afterEach(() => t.close());

  /** Gina, given the Linen Shirt of Alice's #1001, signs in with its postcode and her own email. */
  async function asRecipient(title = 'Linen Shirt') {
    const login = await t.call(calls.giftLogin, {
      shop_url: shop,
      order_number: '#1001',
      postcode: '10118',
      email: GINA,
    });
    const token = login.body.data.token;
    const orderId = login.body.data.order_id;
    const info = (await t.call(calls.orderInfo, { order_id: orderId }, token)).body.data;
    const line = present(
      info.yes.find((l) => l.title === title),
      title,
    );
    const selected = [{ line_item_id: line.line_item_id, quantity: 1 }];
    const submit = (solution_id: number, extra: Record<string, unknown> = {}) =>
      t.call(
        calls.setReturnOrder,
        {
          ...extra,
          order_id: orderId,
          solution_id,
          shipping_method_id: 2,
          idempotency_key: randomUUID(),
          order_product: [
            {
              id: line.line_item_id,
              order_product_id: line.line_item_id,
              quantity: 1,
              change: null,
              reason: { reason_id: 5, reason_text: '', reason_group_id: 1, reason_description: '', provide_proof: [] },
            },
          ],
        },
        token,
      );
    return { token, orderId, selected, submit };
  }

  const merchantView = async (requestId: number) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/merchant/v1/requests/${String(requestId)}`,
        headers: KEY,
      })
    ).json<{ data: MerchantRequest }>().data;

  it('offers only the solutions the shop allows gift returns, and the server refuses the others', async () => {
    const gina = await asRecipient();
    const offered = await t.call(
      calls.orderConfig,
      { order_id: gina.orderId, refund_line_items: gina.selected },
      gina.token,
    );
    // The demo shop also offers refunds (1); gifts default to store credit (2, 4) or an exchange (5).
    // The server names where the credit goes; the portal only shows it.
    expect(offered.body.data.gift_recipient).toBe(GINA);
    expect(offered.body.data.returnSolution?.map((s) => s.id)).toEqual([
      SolutionId.DiscountCode,
      SolutionId.GiftCard,
      SolutionId.Exchange,
    ]);
    const refused = await gina.submit(SolutionId.RefundOriginal);
    expect(refused.body.code).toBe(Code.InvalidInput);
    // The merchant may allow more.
    await patchSettings(t, (settings) => (settings.gift_returns.solutions = [1, 2, 4]));
    expect((await gina.submit(SolutionId.RefundOriginal)).body.code).toBe(Code.Success);
  });

  it('gives the store credit to the recipient, and tells the buyer nothing', async () => {
    const gina = await asRecipient();
    const { body } = await gina.submit(SolutionId.DiscountCode);
    expect(body.code).toBe(Code.Success);
    const requestId = body.data.request_id;
    // The console sees a gift return: the buyer, and the recipient its credit goes to.
    expect(await merchantView(requestId)).toMatchObject({ customer_email: 'alice@example.com', gift_email: GINA });
    await merchantAction(t, requestId, 'approve');
    await merchantAction(t, requestId, 'receive');
    await merchantAction(t, requestId, 'refund');
    await t.app.ctx.worker.runDue();
    const detail = (await t.call(calls.returnInfo, { request_id: requestId }, gina.token)).body.data;
    expect(detail.refund_state).toBe('refunded');
    expect(detail.discount_code).toMatch(/^RETURN-/);
    expect(detail.customer_info.email).toBe(GINA);
    const ginas = await mailbox(t, GINA);
    expect(ginas.some((mail) => mail.text.includes(detail.discount_code))).toBe(true);
    expect(await mailbox(t, 'alice@example.com')).toEqual([]);
    // Alice does not see the gift return among her returns, nor can she open it.
    const alice = (await t.call(calls.login, { shop_url: shop, email: 'alice@example.com', order_number: '#1001' }))
      .body.data.token;
    expect((await t.call(calls.orderReturnList, {}, alice)).body.data.list).toEqual([]);
    const orders = (await t.call(calls.index, {}, alice)).body.data.list;
    expect(orders.find((order) => order.order_name === '#1001')).toMatchObject({
      request_id: null,
      request_status: null,
    });
    expect((await t.call(calls.returnInfo, { request_id: requestId }, alice)).body.code).toBe(Code.NotFound);
  });

  it('tells the buyer what was returned when the shop chooses, never the credit or the recipient', async () => {
    await patchSettings(t, (settings) => (settings.gift_returns.tell_buyer = true));
    const gina = await asRecipient();
    const { body } = await gina.submit(SolutionId.GiftCard);
    await t.app.ctx.worker.runDue();
    const [notice, ...more] = await mailbox(t, 'alice@example.com');
    expect(more).toEqual([]);
    // Alice never used the portal: the catalog's `gift_notice` default in the portal's default language, English.
    expect(present(notice, 'the buyer’s notice').subject).toBe('A gift from your order #1001 is being returned');
    expect(notice?.text).toBe(
      'Someone who received a gift from your order #1001 at Fernhill Supply Co. is returning:\n\n' +
        'Linen Shirt / M × 1\n\nNothing is refunded to you and nothing changes on your order.',
    );
    // The shop's brand around it, like its other emails.
    expect(notice?.html).toContain('#1f4d3a');
    expect(notice?.html).not.toContain(GINA);
    const events = (await merchantView(body.data.request_id)).events.map((e) => e.note);
    expect(events.some((note) => note.includes('→ alice@example.com'))).toBe(true);
  });

  it('tells the buyer in the language of their own return, with the shop’s edited template', async () => {
    await patchSettings(t, (settings) => (settings.gift_returns.tell_buyer = true));
    const saved = await t.app.inject({
      method: 'PUT',
      url: `${MERCHANT_BASE}/emails/gift_notice`,
      headers: KEY,
      payload: {
        lang: 'de',
        subject: 'Geschenk aus {{ order_number }} kommt zurück',
        body: 'Hallo von {{ store_name }}! Zurück kommt:\n{{ items }}',
      },
    });
    expect(saved.statusCode).toBe(200);
    // Alice asked for a return of her own in German before (declined): her language, not Gina's English.
    const own = await submitReturn(t, { title: 'Canvas Sneakers', extra: { language: 'de' } });
    const declined = await t.app.inject({
      method: 'POST',
      url: `${MERCHANT_BASE}/requests/${String(own.requestId)}/reject`,
      headers: KEY,
      payload: { reason: 'Worn' },
    });
    expect(declined.statusCode).toBe(200);
    const gina = await asRecipient();
    expect((await gina.submit(SolutionId.DiscountCode)).body.code).toBe(Code.Success);
    await t.app.ctx.worker.runDue();
    const notice = (await mailbox(t, 'alice@example.com')).find((mail) => mail.subject.startsWith('Geschenk'));
    expect(notice?.subject).toBe('Geschenk aus #1001 kommt zurück');
    expect(notice?.text).toBe('Hallo von Fernhill Supply Co.! Zurück kommt:\nLinen Shirt / M × 1');
    expect(notice?.html).toContain('<p>Hallo von Fernhill Supply Co.! Zurück kommt:<br>Linen Shirt / M × 1</p>');
  });

  it('makes a gift exchange the recipient’s order, at their email', async () => {
    const shopId = (await t.app.ctx.services.storefront.requireShop(shop)).id;
    const platform = new LocalStorePlatform(t.db, t.clock);
    const sneakers = present(
      (await platform.listProducts(shopId, { search: 'canvas sneakers', limit: 1 })).products[0],
      'Canvas Sneakers',
    );
    const size43 = present(
      sneakers.variants.find((v) => v.options[0] === '43'),
      'size 43',
    ).id;
    await t.db.updateTable('variants').set({ inventory_quantity: 3 }).where('id', '=', size43).execute();
    const gina = await asRecipient('Canvas Sneakers');
    const { body } = await gina.submit(SolutionId.Exchange, {
      type: 2,
      exchange_line_items: [{ variant_id: size43, quantity: 1 }],
    });
    expect(body.code).toBe(Code.Success);
    await merchantAction(t, body.data.request_id, 'approve');
    await t.app.ctx.worker.runDue();
    const exchange = present(
      (await t.call(calls.returnInfo, { request_id: body.data.request_id }, gina.token)).body.data.exchange_order,
      'exchange order',
    );
    const made = present(await platform.getOrder(shopId, Number(exchange.order_id)), 'the exchange order');
    expect(made.email).toBe(GINA);
  });
});
