import { calls, RequestStatus } from '@return-center/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, merchantAction, submitReturn, type TestApp } from '../../../test/helper.js';
import { EAST_WAREHOUSE, rule, saveRules, timelineOf } from '../../../test/rules.js';
import { ruleJob } from '../requests/rule-job.js';

/** What the shop's rules do without a person (issue 32): each runs as a job, once, and the timeline names the rule. */
describe.each(dialects)('rules at the desk on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect);
  });
  afterEach(() => t.close());

  const request = async (id: number) =>
    t.db.selectFrom('return_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const timeline = (id: number) => timelineOf(t, id);

  const reviewRules = (over: number) => [
    rule('over-limit', [{ field: 'order_value', op: 'gt', value: over }], [{ type: 'flag', reason: 'a large order' }]),
    rule('approve-the-rest', [], [{ type: 'auto_approve' }, { type: 'tag', tag: 'auto' }]),
  ];

  it('approves a request by itself, and the timeline names the rule', async () => {
    // #1001 is $227.00: under a $300 limit nothing flags it.
    await saveRules(t, reviewRules(30_000));
    const { requestId } = await submitReturn(t);
    await t.app.ctx.worker.runDue();
    expect((await request(requestId)).status).toBe(RequestStatus.Approved);
    expect(await timeline(requestId)).toContain('rule: approve the rest: approve');
  });

  it('leaves a flagged request for a person, and tells staff why', async () => {
    await saveRules(t, reviewRules(20_000));
    const { requestId } = await submitReturn(t);
    await t.app.ctx.worker.runDue();
    expect((await request(requestId)).status).toBe(RequestStatus.PendingReview);
    const seen = await t.app.inject({
      method: 'GET',
      url: `/merchant/v1/requests/${String(requestId)}`,
      headers: { authorization: 'Bearer demo-merchant-key' },
    });
    expect(seen.json()).toMatchObject({
      data: {
        flags: [{ rule: 'over limit', reason: 'a large order' }],
        tags: ['auto'],
        rules: ['over limit', 'approve the rest'],
        rule_set_version: 1,
      },
    });
  });

  it("rejects by itself with the shop's words, which the shopper reads on the status page", async () => {
    await saveRules(t, [
      rule(
        'no-shirts',
        [{ field: 'product_type', op: 'in', values: ['Shirts'] }],
        [{ type: 'auto_reject', message: { text: 'Shirts are final sale this season', translations: {} } }],
      ),
    ]);
    const { token, requestId } = await submitReturn(t);
    await t.app.ctx.worker.runDue();
    expect((await request(requestId)).status).toBe(RequestStatus.Rejected);
    const status = await t.call(calls.returnInfo, { request_id: requestId }, token);
    expect(status.body.data.decline_reason).toBe('Shirts are final sale this season');
  });

  it('refunds when the parcel is received, once, however often the job runs', async () => {
    await saveRules(t, [rule('refund-on-receipt', [], [{ type: 'auto_refund', when: 'received' }])]);
    const { requestId } = await submitReturn(t);
    await merchantAction(t, requestId, 'approve');
    await merchantAction(t, requestId, 'receive');
    await t.app.ctx.worker.runDue();
    await t.app.ctx.worker.runDue();
    expect(await request(requestId)).toMatchObject({ status: RequestStatus.Completed, refund_state: 'refunded' });
    // The job again, as after a crash between its effect and its end: nothing more happens.
    const { services } = t.app.ctx;
    const job = ruleJob({
      requests: services.merchant.requests,
      shops: services.storefront.shops,
      lifecycle: services.lifecycle,
    });
    await job({ requestId, moment: 'received' }, undefined as never);
    expect((await timeline(requestId)).filter((entry) => entry.endsWith(': refund'))).toEqual([
      'rule: refund on receipt: refund',
    ]);
  });

  it("receives and refunds at the carrier's first scan", async () => {
    await saveRules(t, [rule('refund-on-scan', [], [{ type: 'auto_refund', when: 'first_scan' }])]);
    const { requestId } = await submitReturn(t, { shipping_method_id: 1 });
    await merchantAction(t, requestId, 'approve');
    await t.app.ctx.worker.runDue();
    const tracking = (await request(requestId)).tracking_number;
    expect(tracking).not.toBe('');
    const scan = (id: string, status: string) =>
      t.app.ctx.services.carrierEvents.apply({
        id,
        description: 'tracker.updated',
        trackingCode: tracking,
        status,
        at: 1,
      });
    await scan('evt_1', 'pre_transit');
    await t.app.ctx.worker.runDue();
    expect((await request(requestId)).status).toBe(RequestStatus.Approved);
    await scan('evt_2', 'in_transit');
    await t.app.ctx.worker.runDue();
    await t.app.ctx.worker.runDue();
    expect(await request(requestId)).toMatchObject({ status: RequestStatus.Completed, refund_state: 'refunded' });
    expect(await timeline(requestId)).toEqual(
      expect.arrayContaining(['rule: refund on scan: receive', 'rule: refund on scan: refund']),
    );
  });

  it('refunds a keep-the-item return at its approval', async () => {
    await saveRules(t, [
      rule(
        'keep-small',
        [],
        [{ type: 'keep_item', allow: true }, { type: 'auto_approve' }, { type: 'auto_refund', when: 'approved' }],
      ),
    ]);
    const { requestId } = await submitReturn(t, { shipping_method_id: 3 });
    for (let round = 0; round < 3; round++) await t.app.ctx.worker.runDue();
    expect(await request(requestId)).toMatchObject({ status: RequestStatus.Completed, refund_state: 'refunded' });
  });

  it("sends the return to a rule's warehouse instead of the shop's address", async () => {
    await saveRules(t, [rule('east', [], [{ type: 'return_address', address: EAST_WAREHOUSE }])]);
    const { token, requestId } = await submitReturn(t);
    const status = await t.call(calls.returnInfo, { request_id: requestId }, token);
    expect(status.body.data.return_address).toContain('East Coast Returns');
    expect(status.body.data.return_address).toContain('1 Harbor Way');
  });
});
