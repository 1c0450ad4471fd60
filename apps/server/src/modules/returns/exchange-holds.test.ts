import { calls, Code, messages, SolutionId } from '@return-center/contract';
import { oneLineReturn } from '@return-center/contract/sample-return';
import { present } from '@return-center/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStorePlatform } from '../../adapters/store-platform/local.js';
import { LIMITS } from '../auth/rate-limiter.js';
import { buildTestApp, dialects, patchSettings, shop, type TestApp } from '../../../test/helper.js';

/** How much of the shop's stock an exchange's drafts can hold, how often they can be asked for, and paying after 1082. */
describe.each(dialects)('exchange drafts on %s', (dialect) => {
  let t: TestApp;
  let shopId: number;
  const platform = () => new LocalStorePlatform(t.db, t.clock);

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    shopId = present(await t.app.ctx.services.storefront.shops.byUrl(shop), 'demo shop').id;
    await patchSettings(t, (settings) => {
      settings.solutions = [SolutionId.RefundOriginal, SolutionId.Exchange];
      settings.return_setting.credit_bonus.value = 0;
    });
  });
  afterAll(() => t.close());

  /** Alice signed in to #1001 from `ip`, with what she can return and exchange for. */
  const alice = async (ip: string) => {
    const token = (
      await t.call(calls.login, { shop_url: shop, email: 'alice@example.com', order_number: '#1001' }, undefined, ip)
    ).body.data.token;
    const orderId = present((await t.call(calls.index, {}, token, ip)).body.data.list[0], '#1001').id;
    const info = (await t.call(calls.orderInfo, { order_id: orderId }, token, ip)).body.data;
    const line = (title: string) =>
      present(
        info.yes.find((l) => l.title === title),
        title,
      ).line_item_id;
    return { token, orderId, shirt: line('Linen Shirt'), shoes: line('Canvas Sneakers') };
  };
  const variantOf = async (search: string, option?: string) => {
    const product = present((await platform().listProducts(shopId, { search, limit: 1 })).products[0], search);
    return present(
      product.variants.find((v) => (option ? v.options[0] === option : v.stock > 0)),
      `${search} ${option ?? ''}`,
    );
  };

  const stockOf = async (variantId: number) =>
    (
      await t.db
        .selectFrom('variants')
        .select('inventory_quantity')
        .where('id', '=', variantId)
        .executeTakeFirstOrThrow()
    ).inventory_quantity;

  it('lets one session, and one address, ask for only so many drafts', async () => {
    const size43 = await variantOf('canvas sneakers', '43');
    const ask = (who: Awaited<ReturnType<typeof alice>>, key: string, ip: string) =>
      t.call(
        calls.createDraftOrder,
        {
          order_id: who.orderId,
          refund_line_items: [{ line_item_id: who.shoes, quantity: 1 }],
          exchange_line_items: [{ variant_id: size43.id, quantity: 1 }],
          idempotency_key: key,
        },
        who.token,
        ip,
      );
    const session = await alice('198.51.100.1');
    for (let i = 0; i < LIMITS.exchangeDraftsPerSession.max; i++)
      expect((await ask(session, `session-key-${String(i)}`, '198.51.100.1')).body.code).toBe(Code.Success);
    // From another address too: the session has had its drafts for the hour.
    const refused = await ask(session, 'one-more', '198.51.100.2');
    expect(refused.body).toMatchObject({ code: Code.RateLimited, msg: messages.tooManyAttempts });

    // Sessions of their own from one address share that address's limit.
    const ip = '198.51.100.3';
    const sessions = await Promise.all(
      Array.from({ length: Math.ceil(LIMITS.exchangeDraftsPerIp.max / LIMITS.exchangeDraftsPerSession.max) + 1 }, () =>
        alice(ip),
      ),
    );
    const codes: number[] = [];
    for (const [s, who] of sessions.entries())
      for (let i = 0; i < LIMITS.exchangeDraftsPerSession.max; i++)
        codes.push((await ask(who, `ip-key-${String(s)}-${String(i)}`, ip)).body.code);
    expect(codes.filter((c) => c === Code.Success)).toHaveLength(LIMITS.exchangeDraftsPerIp.max);
    expect(codes.slice(LIMITS.exchangeDraftsPerIp.max).every((c) => c === Code.RateLimited)).toBe(true);
    // An hour later the shopper may ask again.
    t.clock.advance(3601 * 1000);
    expect((await ask(session, 'next-hour', '198.51.100.1')).body.code).toBe(Code.Success);
    // All those drafts of one order held one pair at most: each new one replaced the one before.
    expect(await stockOf(size43.id)).toBe(size43.stock - 1);
  });

  it('after a dearer exchange is refused at submit (1082), the shopper can still pay the difference and submit', async () => {
    const who = await alice('198.51.100.20');
    const dearest = present(
      (await platform().listProducts(shopId, { sort: 'price-desc', inStock: true, limit: 1 })).products[0],
      'the dearest product',
    );
    const coat = present(
      dearest.variants.find((v) => v.stock > 0),
      'a variant in stock',
    );
    const choice = {
      order_id: who.orderId,
      refund_line_items: [{ line_item_id: who.shirt, quantity: 1 }],
      exchange_line_items: [{ variant_id: coat.id, quantity: 1 }],
      idempotency_key: 'refused-then-paid',
    };
    const submit = (draftId?: string) =>
      t.call(
        calls.setReturnOrder,
        oneLineReturn(
          { orderId: who.orderId, lineId: who.shirt, idempotencyKey: choice.idempotency_key },
          {
            fields: {
              solution_id: SolutionId.Exchange,
              type: 2,
              exchange_line_items: choice.exchange_line_items,
              ...(draftId ? { draft_order_id: draftId } : {}),
            },
          },
        ),
        who.token,
        '198.51.100.20',
      );
    const refused = await submit();
    expect(refused.body).toMatchObject({ code: Code.ExchangeCostsMore, msg: messages.exchangeCostsMore });
    // The refusal offers the way on: paying the difference, not choosing cheaper items.
    expect(messages.exchangeCostsMore).toMatch(/pay the difference/i);

    const draft = (await t.call(calls.createDraftOrder, choice, who.token, '198.51.100.20')).body;
    expect(draft.code).toBe(Code.Success);
    expect(draft.data).toMatchObject({ status: 'open', total_price: coat.price - 4763 });
    expect(draft.data.checkout_url).not.toBe('');
    await platform().markDraftOrderPaid(shopId, draft.data.draft_order_id);
    const { body } = await submit(draft.data.draft_order_id);
    expect(body.code).toBe(Code.Success);
    const detail = (await t.call(calls.returnInfo, { request_id: body.data.request_id }, who.token)).body.data;
    expect(detail.exchange_order).toMatchObject({ total_price: coat.price - 4763, exchange_credit: 4763 });

    // Held by the request, the coat is the shopper's until the merchant decides.
    expect(await stockOf(coat.id)).toBe(coat.stock - 1);

    // While that request is open, the order makes no other draft: the request holds its exchange.
    const more = await t.call(
      calls.createDraftOrder,
      { ...choice, idempotency_key: 'while-the-request-is-open' },
      who.token,
      '198.51.100.20',
    );
    expect(more.body.code).toBe(Code.AlreadyProcessing);
    // Rejected, the coat goes back on the shelf and the order is free for the next test.
    const demo = present(await t.app.ctx.services.storefront.shops.byUrl(shop), 'demo shop');
    await t.app.ctx.services.lifecycle.transition(demo, body.data.request_id, 'reject', 'merchant', { reason: 'Worn' });
    await t.app.ctx.worker.runDue();
    expect(await stockOf(coat.id)).toBe(coat.stock);
  });
});
