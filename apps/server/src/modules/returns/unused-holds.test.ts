import { Code, SolutionId } from '@return-center/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dialects, type TestApp } from '../../../test/helper.js';
import { aliceSwapsSneakers, holdsAt, instantExchangeApp, sandboxOf } from '../../../test/instant-holds.js';
import { Outbox } from '../jobs/outbox.js';

/**
 * A card hold the shopper authorised that their request does not keep (ADR 047): an ordinary exchange of the same
 * draft, another draft, or a refund instead. The submit lets it go at the provider, once.
 */
describe.each(dialects)('unused card holds on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await instantExchangeApp(dialect);
  });
  afterEach(() => t.close());

  const sandbox = () => sandboxOf(t);
  const request = (id: number) =>
    t.db.selectFrom('return_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const holdsOf = () => holdsAt(t);
  const alice = () => aliceSwapsSneakers(t);

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
