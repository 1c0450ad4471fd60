import { MERCHANT_BASE, RequestStatus } from '@return-center/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildEasyPostApp, postTrackerWebhook, trackerEvent, trackerSignature } from '../../../test/easypost.js';
import type { FakeEasyPost } from '../../../test/fakes/easypost-server.js';
import { buildTestApp, dialects, merchantAction, submitReturn, type TestApp } from '../../../test/helper.js';
import { EAST_WAREHOUSE, refundsOf, rerunRuleJobs, rule, saveRules, timelineOf } from '../../../test/rules.js';

const statusOf = async (t: TestApp, id: number) =>
  (await t.db.selectFrom('return_requests').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
const ruleEntries = async (t: TestApp, id: number) =>
  (await timelineOf(t, id)).filter((entry) => entry.startsWith('rule: '));
const allDone = [{ status: 'done', last_error: '' }];

/** Each automatic action of a rule happens once: a rerun after a crash, or a person who was faster, changes nothing. */
describe.each(dialects)('rules at the desk act once on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect);
  });
  afterEach(() => t.close());

  it('approves once however often its job runs', async () => {
    await saveRules(t, [rule('approve-all', [], [{ type: 'auto_approve' }])]);
    const { requestId } = await submitReturn(t);
    await t.app.ctx.worker.runDue();
    expect(await rerunRuleJobs(t)).toEqual(allDone);
    expect(await statusOf(t, requestId)).toBe(RequestStatus.Approved);
    expect(await ruleEntries(t, requestId)).toEqual(['rule: approve all: approve']);
  });

  it('rejects once with its words, and a rerun keeps them', async () => {
    const message = { text: 'Not this season', translations: { en: 'Not returnable this season' } };
    await saveRules(t, [rule('no-returns', [], [{ type: 'auto_reject', message }])]);
    const { requestId } = await submitReturn(t);
    await t.app.ctx.worker.runDue();
    expect(await rerunRuleJobs(t)).toEqual(allDone);
    const request = await t.db
      .selectFrom('return_requests')
      .select(['status', 'decline_reason'])
      .where('id', '=', requestId)
      .executeTakeFirstOrThrow();
    // The shopper's language is English: the English words, not the rule's default text.
    expect(request).toEqual({ status: RequestStatus.Rejected, decline_reason: 'Not returnable this season' });
    expect(await ruleEntries(t, requestId)).toEqual(['rule: no returns: reject']);
  });

  it('leaves a request a person already decided as it is, without an error', async () => {
    await saveRules(t, [rule('approve-all', [], [{ type: 'auto_approve' }])]);
    const { requestId } = await submitReturn(t);
    // The merchant rejects it before the rule's job runs.
    await t.app.inject({
      method: 'POST',
      url: `${MERCHANT_BASE}/requests/${String(requestId)}/reject`,
      payload: { reason: 'Worn' },
      headers: { authorization: 'Bearer demo-merchant-key' },
    });
    await t.app.ctx.worker.runDue();
    const jobs = t.db.selectFrom('jobs').select(['status', 'last_error']).where('kind', '=', 'request.rules');
    expect(await jobs.execute()).toEqual(allDone);
    expect(await statusOf(t, requestId)).toBe(RequestStatus.Rejected);
    expect(await ruleEntries(t, requestId)).toEqual([]);
  });

  it('refunds a keep-the-item return once when a person approves it', async () => {
    await saveRules(t, [
      rule(
        'keep-small',
        [],
        [
          { type: 'keep_item', allow: true },
          { type: 'auto_refund', when: 'approved' },
        ],
      ),
    ]);
    const { requestId } = await submitReturn(t, { shipping_method_id: 3 });
    await t.app.ctx.worker.runDue();
    expect(await statusOf(t, requestId)).toBe(RequestStatus.PendingReview);
    await merchantAction(t, requestId, 'approve');
    for (let round = 0; round < 3; round++) await t.app.ctx.worker.runDue();
    expect(await rerunRuleJobs(t)).toEqual(allDone);
    await t.app.ctx.worker.runDue();
    expect(await refundsOf(t, requestId)).toMatchObject({
      asked: 1,
      status: RequestStatus.Completed,
      refund_state: 'refunded',
    });
    expect(await ruleEntries(t, requestId)).toEqual(['rule: keep small: refund']);
  });

  it('marks the flagged requests in the merchant list, with the rule and its reason', async () => {
    await saveRules(t, [rule('look-at-all', [], [{ type: 'flag', reason: 'new rules, look first' }])]);
    const { requestId } = await submitReturn(t);
    const list = await t.app.inject({
      method: 'GET',
      url: `${MERCHANT_BASE}/requests`,
      headers: { authorization: 'Bearer demo-merchant-key' },
    });
    const { items } = list.json<{ data: { items: { id: number; flags: unknown[] }[] } }>().data;
    expect(items.find((item) => item.id === requestId)?.flags).toEqual([
      { rule: 'look at all', reason: 'new rules, look first' },
    ]);
    // The demo's requests from before the rules carry no flags.
    expect(items.filter((item) => item.id !== requestId).every((item) => item.flags.length === 0)).toBe(true);
  });
});

/** The carrier's first scan, as EasyPost's signed tracker webhook reports it. */
describe.each(dialects)("a rule's refund at the carrier's first scan on %s", (dialect) => {
  let easypost: FakeEasyPost;
  let t: TestApp;
  beforeEach(async () => {
    ({ t, easypost } = await buildEasyPostApp(dialect));
  });
  afterEach(async () => {
    await t.close();
    await easypost.close();
  });

  const trackingOf = async (requestId: number) =>
    (
      await t.db
        .selectFrom('return_requests')
        .select('tracking_number')
        .where('id', '=', requestId)
        .executeTakeFirstOrThrow()
    ).tracking_number;

  async function track(id: string, trackingCode: string, status: string) {
    const body = trackerEvent(id, trackingCode, status);
    const answer = await postTrackerWebhook(t, body, { 'x-hmac-signature': trackerSignature(body) });
    expect(answer.statusCode).toBe(200);
    for (let round = 0; round < 3; round++) await t.app.ctx.worker.runDue();
  }

  it('receives and refunds the return once, at the first scan and never again', async () => {
    await saveRules(t, [rule('refund-on-scan', [], [{ type: 'auto_refund', when: 'first_scan' }])]);
    const { requestId } = await submitReturn(t, { shipping_method_id: 1 });
    await merchantAction(t, requestId, 'approve');
    await t.app.ctx.worker.runDue();
    const tracking = await trackingOf(requestId);
    expect(tracking).not.toBe('');

    // A label bought but not yet in the carrier's hands is no scan.
    await track('evt_label', tracking, 'pre_transit');
    expect(await statusOf(t, requestId)).toBe(RequestStatus.Approved);

    await track('evt_scan', tracking, 'in_transit');
    await track('evt_later', tracking, 'out_for_delivery');
    expect(await rerunRuleJobs(t)).toEqual(allDone);
    await t.app.ctx.worker.runDue();
    expect(await refundsOf(t, requestId)).toMatchObject({
      asked: 1,
      status: RequestStatus.Completed,
      refund_state: 'refunded',
    });
    expect(await ruleEntries(t, requestId)).toEqual(['rule: refund on scan: receive', 'rule: refund on scan: refund']);
  });

  it('refunds nothing on a tracker that failed or was cancelled before the carrier had the parcel', async () => {
    await saveRules(t, [rule('refund-on-scan', [], [{ type: 'auto_refund', when: 'first_scan' }])]);
    const { requestId } = await submitReturn(t, { shipping_method_id: 1 });
    await merchantAction(t, requestId, 'approve');
    await t.app.ctx.worker.runDue();
    const tracking = await trackingOf(requestId);
    for (const status of ['pre_transit', 'failure', 'error', 'cancelled'])
      await track(`evt_${status}`, tracking, status);
    expect(await refundsOf(t, requestId)).toMatchObject({ asked: 0, status: RequestStatus.Approved });
    expect(await ruleEntries(t, requestId)).toEqual([]);
  });

  it("labels the parcel to a rule's warehouse instead of the shop's address", async () => {
    await saveRules(t, [rule('east', [], [{ type: 'return_address', address: EAST_WAREHOUSE }])]);
    const { requestId } = await submitReturn(t, { shipping_method_id: 1 });
    const before = easypost.calls.length;
    await merchantAction(t, requestId, 'approve');
    await t.app.ctx.worker.runDue();
    const shipment = easypost.calls.slice(before).find((call) => call.path === '/v2/shipments');
    // A return shipment is sent as the outbound one: from the warehouse, to the shopper.
    expect(shipment?.body).toMatchObject({
      shipment: { from_address: { street1: '1 Harbor Way', city: 'Newark', state: 'NJ', zip: '07102' } },
    });
  });
});
