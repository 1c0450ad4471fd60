import { calls, Code, SolutionId } from '@return-center/contract';
import { oneLineReturn } from '@return-center/contract/sample-return';
import { present } from '@return-center/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, dialects, patchSettings, shop, type TestApp } from '../../../test/helper.js';
import { LocalStorePlatform } from '../../adapters/store-platform/local.js';
import { Outbox } from '../jobs/outbox.js';

/**
 * A card hold the shopper authorised that their request does not keep (ADR 047): an ordinary exchange of the same
 * draft, another draft, or a refund instead. The submit lets it go at the provider, once.
 */
describe.each(dialects)('unused card holds on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect);
    await patchSettings(t, (settings) => {
      settings.solutions = [SolutionId.RefundOriginal, SolutionId.Exchange];
      settings.return_setting.credit_bonus.value = 0;
      settings.instant_exchange = { enabled: true, capture_after_days: 14 };
    });
  });
  afterEach(() => t.close());

  const sandbox = () => present(t.app.ctx.services.payments.sandbox, 'the sandbox provider');
  const request = (id: number) =>
    t.db.selectFrom('return_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const holdsOf = async () =>
    (await sandbox().payments()).map((p) => ({ key: p.idempotencyKey, state: p.state, settleKey: p.settleKey }));

  /** Alice, signed in to #1001, about to swap her sneakers for another size: a choice's hold, then the submit. */
  async function alice() {
    const token = (await t.call(calls.login, { shop_url: shop, email: 'alice@example.com', order_number: '#1001' }))
      .body.data.token;
    const orderId = present((await t.call(calls.index, {}, token)).body.data.list[0], 'first order').id;
    const info = (await t.call(calls.orderInfo, { order_id: orderId }, token)).body.data;
    const lineId = present(
      info.yes.find((l) => l.title === 'Canvas Sneakers'),
      'sneakers',
    ).line_item_id;
    const platform = new LocalStorePlatform(t.db, t.clock);
    const shopId = present(await t.app.ctx.services.storefront.shops.byUrl(shop), 'demo shop').id;
    const sneakers = present(
      (await platform.listProducts(shopId, { search: 'canvas sneakers', limit: 1 })).products[0],
      'sneakers',
    );
    const size = (option: string) =>
      present(
        sneakers.variants.find((v) => v.options[0] === option),
        option,
      ).id;
    const choice = (option: string, key: string) => ({
      order_id: orderId,
      refund_line_items: [{ line_item_id: lineId, quantity: 1 }],
      exchange_line_items: [{ variant_id: size(option), quantity: 1 }],
      idempotency_key: key,
    });
    /** The hold step for a choice, and the shopper authorising the hold on the provider's page. */
    const authorise = async (wanted: ReturnType<typeof choice>) => {
      const started = (await t.call(calls.exchangeHold, wanted, token)).body;
      expect(started.code, started.msg).toBe(Code.Success);
      const page = new URL(started.data.pay_url);
      await t.app.inject({
        method: 'POST',
        url: page.pathname,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ sig: page.searchParams.get('sig') ?? '', answer: 'authorise' }).toString(),
      });
      return {
        draftId: started.data.draft_order_id,
        key: `exchange-hold:${String(shopId)}:${started.data.draft_order_id}`,
      };
    };
    const submit = async (key: string, fields: Record<string, unknown>) => {
      const { body } = await t.call(
        calls.setReturnOrder,
        oneLineReturn({ orderId, lineId, idempotencyKey: key }, { fields: { type: 2, ...fields } }),
        token,
      );
      await t.app.ctx.worker.runDue();
      return body;
    };
    return { choice, authorise, submit };
  }

  it('lets go the hold of a draft exchanged without it, and a second submit releases nothing again', async () => {
    const { choice, authorise, submit } = await alice();
    const wanted = choice('43', 'plain-swap');
    const hold = await authorise(wanted);
    expect(await holdsOf()).toEqual([{ key: hold.key, state: 'held', settleKey: '' }]);

    // The shopper goes on without the instant exchange: the same draft, sent when the old pair comes back.
    const fields = { solution_id: SolutionId.Exchange, exchange_line_items: wanted.exchange_line_items };
    const first = await submit('plain-swap', { ...fields, draft_order_id: hold.draftId });
    expect(first.code, first.msg).toBe(Code.Success);
    const made = await request(first.data.request_id);
    expect(made).toMatchObject({ exchange_draft_order_id: hold.draftId, hold_state: '', exchange_order_id: '' });
    expect(await holdsOf()).toEqual([{ key: hold.key, state: 'released', settleKey: `${hold.key}:unused` }]);

    const release = vi.spyOn(sandbox(), 'release');
    const again = await submit('plain-swap', { ...fields, draft_order_id: hold.draftId });
    expect(again.data.request_id).toBe(first.data.request_id);
    const other = await submit('another-key', { ...fields, draft_order_id: hold.draftId });
    expect(other.code).toBe(Code.AlreadyProcessing);
    // And the job once more, as a retry would run it.
    const payload = { shopId: made.shop_id, orderId: made.order_id };
    await new Outbox(t.db, t.clock).enqueue(t.db, 'exchange.unused-holds', payload, 'unused-holds:retry');
    await t.app.ctx.worker.runDue();
    expect(release).not.toHaveBeenCalled();
    expect(await holdsOf()).toEqual([{ key: hold.key, state: 'released', settleKey: `${hold.key}:unused` }]);
  });

  it('lets go the hold of a choice given up for another, and keeps the hold the request was submitted with', async () => {
    const { choice, authorise, submit } = await alice();
    const first = await authorise(choice('43', 'first-choice'));
    // Another size after all: its own draft (the first one is cancelled) and its own hold.
    const second = choice('41', 'second-choice');
    const kept = await authorise(second);
    expect(kept.draftId).not.toBe(first.draftId);

    const body = await submit('second-choice', {
      solution_id: SolutionId.Exchange,
      exchange_line_items: second.exchange_line_items,
      draft_order_id: kept.draftId,
      instant_exchange: true,
    });
    expect(body.code, body.msg).toBe(Code.Success);
    const made = await request(body.data.request_id);
    expect(made).toMatchObject({ hold_state: 'held', hold_key: kept.key });
    expect(await holdsOf()).toEqual(
      expect.arrayContaining([
        { key: first.key, state: 'released', settleKey: `${first.key}:unused` },
        { key: kept.key, state: 'held', settleKey: '' },
      ]),
    );
    expect(await sandbox().payments()).toHaveLength(2);
  });

  it('lets go a hold when the shopper takes a refund instead of the exchange', async () => {
    const { choice, authorise, submit } = await alice();
    const hold = await authorise(choice('43', 'refund-instead'));
    const body = await submit('refund-instead', { solution_id: SolutionId.RefundOriginal, type: 1 });
    expect(body.code, body.msg).toBe(Code.Success);
    expect(await holdsOf()).toEqual([{ key: hold.key, state: 'released', settleKey: `${hold.key}:unused` }]);
  });
});
