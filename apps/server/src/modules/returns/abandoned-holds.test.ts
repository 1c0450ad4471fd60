import { Code, SolutionId } from '@return-center/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dialects, type TestApp } from '../../../test/helper.js';
import {
  aliceSwapsSneakers,
  holdRecords,
  holdsAt,
  instantExchangeApp,
  sandboxOf,
} from '../../../test/instant-holds.js';
import { Outbox } from '../jobs/outbox.js';
import { queueAbandonedHolds } from './instant-holds.js';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * A card hold the shopper authorised and never submitted with (ADR 047): a day after it started, the every-minute sweep
 * lets it go at the provider, once, so the shopper's money is not blocked for the 7 days Stripe would keep it (or for
 * ever on the sandbox). A hold a request keeps is never let go, even by a sweep racing the submit.
 */
describe.each(dialects)('abandoned card holds on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await instantExchangeApp(dialect);
  });
  afterEach(() => t.close());

  /** What app.ts runs every minute, and the jobs it queues run. Answers how many orders it found. */
  const sweep = async () => {
    const ttl = t.app.ctx.config.EXCHANGE_DRAFT_TTL_MINUTES * 60;
    const queued = await queueAbandonedHolds(t.db, new Outbox(t.db, t.clock), t.clock, ttl);
    await t.app.ctx.worker.runDue();
    return queued;
  };
  const unusedJobs = () =>
    t.db.selectFrom('jobs').select('dedupe_key').where('kind', '=', 'exchange.unused-holds').execute();

  it('lets go a hold abandoned for a day at the provider, once however often the sweep runs, and not before', async () => {
    const { choice, authorise } = await aliceSwapsSneakers(t);
    const hold = await authorise(choice('43', 'walked-away'));
    const release = vi.spyOn(sandboxOf(t), 'release');

    t.clock.advance(24 * HOUR_MS - MINUTE_MS);
    expect(await sweep()).toBe(0);
    expect(await holdsAt(t)).toEqual([{ key: hold.key, state: 'held', settleKey: '' }]);
    expect(await holdRecords(t)).toEqual([{ draft_id: hold.draftId, state: 'started' }]);

    t.clock.advance(2 * MINUTE_MS);
    const outbox = new Outbox(t.db, t.clock);
    const ttl = t.app.ctx.config.EXCHANGE_DRAFT_TTL_MINUTES * 60;
    // Two instances sweeping before either runs the job: one job.
    await queueAbandonedHolds(t.db, outbox, t.clock, ttl);
    expect(await sweep()).toBe(1);
    expect(await unusedJobs()).toHaveLength(1);
    expect(await holdsAt(t)).toEqual([{ key: hold.key, state: 'released', settleKey: `${hold.key}:unused` }]);
    expect(await holdRecords(t)).toEqual([{ draft_id: hold.draftId, state: 'let_go' }]);

    t.clock.advance(MINUTE_MS);
    expect(await sweep()).toBe(0);
    expect(release).toHaveBeenCalledTimes(1);
  });

  it('lets go only the order’s holds past their day, not a newer one the shopper may still submit with', async () => {
    const first = await aliceSwapsSneakers(t);
    const old = await first.authorise(first.choice('43', 'yesterday'));
    t.clock.advance(23 * HOUR_MS);
    // Alice signs in again the next day and chooses another size: a new draft, and a hold of its own.
    const again = await aliceSwapsSneakers(t);
    const recent = await again.authorise(again.choice('41', 'today-choice'));
    expect(recent.draftId).not.toBe(old.draftId);

    t.clock.advance(2 * HOUR_MS);
    expect(await sweep()).toBe(1);
    expect(await holdsAt(t)).toEqual(
      expect.arrayContaining([
        { key: old.key, state: 'released', settleKey: `${old.key}:unused` },
        { key: recent.key, state: 'held', settleKey: '' },
      ]),
    );
    expect(await holdRecords(t)).toEqual([
      { draft_id: old.draftId, state: 'let_go' },
      { draft_id: recent.draftId, state: 'started' },
    ]);
  });

  it('never lets go the hold a request kept', async () => {
    const { choice, authorise, submit } = await aliceSwapsSneakers(t);
    const wanted = choice('43', 'instant-swap');
    const hold = await authorise(wanted);
    const body = await submit('instant-swap', {
      solution_id: SolutionId.Exchange,
      exchange_line_items: wanted.exchange_line_items,
      draft_order_id: hold.draftId,
      instant_exchange: true,
    });
    expect(body.code, body.msg).toBe(Code.Success);

    t.clock.advance(3 * 24 * HOUR_MS);
    expect(await sweep()).toBe(0);
    expect(await holdsAt(t)).toEqual([{ key: hold.key, state: 'held', settleKey: '' }]);
    expect(await holdRecords(t)).toEqual([{ draft_id: hold.draftId, state: 'kept' }]);
    const request = await t.db
      .selectFrom('return_requests')
      .select(['hold_state', 'hold_key'])
      .where('id', '=', body.data.request_id)
      .executeTakeFirstOrThrow();
    expect(request).toEqual({ hold_state: 'held', hold_key: hold.key });
  });

  it('refuses a submit whose hold the sweep let go after the submit found it held, and the shopper holds anew', async () => {
    const { orderId, choice, authorise, submit } = await aliceSwapsSneakers(t);
    const wanted = choice('43', 'late-submit');
    const hold = await authorise(wanted);
    // The submit reads the hold as held; just then, a day after it started, the sweep lets it go.
    const sandbox = sandboxOf(t);
    const start = sandbox.start.bind(sandbox);
    vi.spyOn(sandbox, 'start').mockImplementationOnce(async (input) => {
      const payment = await start(input);
      t.clock.advance(24 * HOUR_MS + MINUTE_MS);
      expect(await sweep()).toBe(1);
      return payment;
    });
    const fields = {
      solution_id: SolutionId.Exchange,
      exchange_line_items: wanted.exchange_line_items,
      instant_exchange: true,
    };
    const refused = await submit('late-submit', { ...fields, draft_order_id: hold.draftId });
    expect(refused.code).toBe(Code.PaymentPending);
    const requests = t.db.selectFrom('return_requests').select('id').where('order_id', '=', orderId);
    expect(await requests.execute()).toEqual([]);
    expect(await holdsAt(t)).toEqual([{ key: hold.key, state: 'released', settleKey: `${hold.key}:unused` }]);
    expect(await holdRecords(t)).toEqual([{ draft_id: hold.draftId, state: 'let_go' }]);

    // As the portal does with a lapsed hold: the hold step again, a new hold, and the submit keeps it.
    const later = await aliceSwapsSneakers(t);
    const renewed = await later.authorise(later.choice('43', 'late-submit'));
    expect(renewed.draftId).not.toBe(hold.draftId);
    const kept = await later.submit('late-submit', { ...fields, draft_order_id: renewed.draftId });
    expect(kept.code, kept.msg).toBe(Code.Success);
    expect(await holdRecords(t)).toEqual([
      { draft_id: hold.draftId, state: 'let_go' },
      { draft_id: renewed.draftId, state: 'kept' },
    ]);
  });
});
