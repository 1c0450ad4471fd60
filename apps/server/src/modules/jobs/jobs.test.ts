import { MERCHANT_BASE } from '@return-center/contract';
import { present } from '@return-center/domain';
import { describe, expect, it } from 'vitest';
import { buildTestApp, dialects, mailbox, submitReturn } from '../../../test/helper.js';
import { Outbox } from './outbox.js';

describe.each(dialects)('background jobs on %s', (dialect) => {
  it("resume a killed worker's job after a restart and take effect once", async () => {
    const t = await buildTestApp(dialect);
    const { requestId } = await submitReturn(t, { shipping_method_id: 1 });
    await t.app.ctx.worker.runDue();
    await t.app.inject({
      method: 'POST',
      url: `${MERCHANT_BASE}/requests/${requestId}/approve`,
      headers: { authorization: 'Bearer demo-merchant-key' },
    });
    // A worker claims the label job and dies before finishing it.
    const claimed = await new Outbox(t.db, t.clock).claim();
    expect(claimed?.kind).toBe('request.documents');

    // Five minutes later the server starts again on the same database; the dead worker's lease has run out.
    t.clock.advance(5 * 60 * 1000);
    const second = await t.restart({});
    await second.ctx.worker.runDue();
    const job = await t.db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', present(claimed, 'claimed job').id)
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'done', attempts: 2 });
    const labels = await t.db.selectFrom('documents').select('kind').where('request_id', '=', requestId).execute();
    // A label return also gets the drop-off QR code; each document is made once however often the job ran.
    expect(labels.map((d) => d.kind).sort()).toEqual(['drop-off-qr', 'label', 'packing-slip']);
    const approvedMails = (await mailbox(t, 'alice@example.com')).filter((m) => m.subject.includes('is approved'));
    expect(approvedMails).toHaveLength(1);
    // Running again finds nothing to do and changes nothing.
    expect(await second.ctx.worker.runDue()).toBe(0);
    await t.close();
  });

  it('retries a failing job with backoff, then gives up and marks a refund failed', async () => {
    // The platform is down: every refund attempt fails.
    const platformDown = { issueRefund: () => Promise.reject(new Error('platform unavailable')) };
    const t = await buildTestApp(dialect, {}, { faults: { platform: platformDown } });
    const { requestId } = await submitReturn(t);
    await t.app.ctx.worker.runDue();
    const headers = { authorization: 'Bearer demo-merchant-key' };
    for (const action of ['approve', 'receive', 'refund']) {
      await t.app.inject({ method: 'POST', url: `${MERCHANT_BASE}/requests/${requestId}/${action}`, headers });
    }
    const delays: number[] = [];
    for (let attempt = 0; attempt < 8; attempt++) {
      await t.app.ctx.worker.runDue();
      const job = await t.db
        .selectFrom('jobs')
        .selectAll()
        .where('dedupe_key', '=', `refund:${requestId}`)
        .executeTakeFirstOrThrow();
      if (job.status === 'dead') break;
      delays.push(job.run_at - Math.floor(t.clock.nowMs() / 1000));
      t.clock.advance((job.run_at - Math.floor(t.clock.nowMs() / 1000)) * 1000);
    }
    expect(delays.slice(0, 3)).toEqual([10, 20, 40]);
    const request = await t.db
      .selectFrom('return_requests')
      .select(['refund_state', 'actual_refund'])
      .where('id', '=', requestId)
      .executeTakeFirstOrThrow();
    expect(request).toEqual({ refund_state: 'failed', actual_refund: 0 });
    await t.close();
  });

  it('refuses at enqueue a payload its kind does not allow, and stores nothing', async () => {
    const t = await buildTestApp(dialect);
    const outbox = new Outbox(t.db, t.clock);
    // @ts-expect-error a notification names one of the request's events
    const queued = outbox.enqueue(t.db, 'request.notify', { requestId: 1, event: 'lost' }, 'notify:1:lost');
    await expect(queued).rejects.toThrow(/request\.notify/);
    const stored = await t.db.selectFrom('jobs').select('id').where('dedupe_key', '=', 'notify:1:lost').execute();
    expect(stored).toEqual([]);
    await t.close();
  });

  it('fails for good, without calling its handler, a stored job whose payload does not parse', async () => {
    const t = await buildTestApp(dialect);
    const { requestId } = await submitReturn(t);
    await t.app.ctx.worker.runDue();
    const before = (await mailbox(t, 'alice@example.com')).length;
    // Written by hand, as an older server or a manual fix might have: the request id is a string.
    const now = Math.floor(t.clock.nowMs() / 1000);
    await t.db
      .insertInto('jobs')
      .values({
        kind: 'request.notify',
        payload: JSON.stringify({ requestId: String(requestId), event: 'approved' }),
        dedupe_key: 'hand-written',
        status: 'queued',
        attempts: 0,
        run_at: now,
        locked_until: null,
        last_error: '',
        created_at: now,
        done_at: null,
      })
      .execute();
    expect(await t.app.ctx.worker.runDue()).toBe(1);
    const job = await t.db
      .selectFrom('jobs')
      .select(['status', 'attempts', 'last_error'])
      .where('dedupe_key', '=', 'hand-written')
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'dead', attempts: 1 });
    expect(job.last_error).toMatch(/requestId/);
    expect(await mailbox(t, 'alice@example.com')).toHaveLength(before);
    // It is not picked up again later either.
    t.clock.advance(3600 * 1000);
    expect(await t.app.ctx.worker.runDue()).toBe(0);
    await t.close();
  });

  it('keeps a job given back or taken over from being closed by the claim that let it go', async () => {
    const t = await buildTestApp(dialect);
    await submitReturn(t, { shipping_method_id: 1 });
    const outbox = new Outbox(t.db, t.clock);
    const row = (id: number) => t.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    // Given back at shutdown, then the old handler finishes late: the job stays queued for the next instance.
    const given = present(await outbox.claim(), 'a claimed job');
    expect(await outbox.release(given)).toBe(true);
    await outbox.complete(given);
    expect(await row(given.id)).toMatchObject({ status: 'queued', attempts: 0, done_at: null });

    // A slow claim's lease runs out and another instance takes the job: the slow one's failure changes nothing.
    const slow = present(await outbox.claim(), 'a claimed job');
    t.clock.advance(5 * 60 * 1000);
    const other = present(await outbox.claim(), 'the same job taken over');
    expect(other.id).toBe(slow.id);
    expect(await outbox.fail(slow, new Error('too late'))).toBe('not ours');
    const taken = await row(slow.id);
    expect(taken).toMatchObject({ status: 'running', attempts: 2 });
    expect(taken.last_error).not.toBe('too late');
    await outbox.complete(other);
    expect(await row(slow.id)).toMatchObject({ status: 'done' });
    await t.close();
  });
});
