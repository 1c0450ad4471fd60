import { calls, Code } from '@return-center/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildEasyPostApp, postTrackerWebhook, trackerEvent, trackerSignature } from '../../../test/easypost.js';
import type { FakeEasyPost } from '../../../test/fakes/easypost-server.js';
import { alicePickup, dialects, merchantAction, submitReturn, type TestApp } from '../../../test/helper.js';

/** The server configured for EasyPost (CARRIER=easypost) against the local fake, with its tracker webhook. */
describe.each(dialects)('carrier pickup through EasyPost on %s', (dialect) => {
  let easypost: FakeEasyPost;
  let t: TestApp;
  beforeEach(async () => {
    ({ t, easypost } = await buildEasyPostApp(dialect));
  });
  afterEach(async () => {
    await t.close();
    await easypost.close();
  });

  const post = (body: Buffer, headers: Record<string, string>) => postTrackerWebhook(t, body, headers);
  const signature = trackerSignature;

  async function approvedPickup() {
    const submitted = await submitReturn(t, { shipping_method_id: 4, extra: { pickup: alicePickup } });
    await merchantAction(t, submitted.requestId, 'approve');
    await t.app.ctx.worker.runDue();
    const detail = (await t.call(calls.returnInfo, { request_id: submitted.requestId }, submitted.token)).body.data;
    return { ...submitted, detail };
  }

  it('labels from the pickup address and books the pickup at EasyPost on approval', async () => {
    const before = easypost.calls.length;
    const { detail } = await approvedPickup();
    expect(detail.tracking_number).toMatch(/^9400\d{18}$/);
    const made = easypost.calls.slice(before);
    const shipment = made.find((call) => call.method === 'POST' && call.path === '/v2/shipments');
    // A return shipment is sent as the outbound one, shop to shopper, and EasyPost swaps the two.
    expect(shipment?.body).toMatchObject({
      shipment: { is_return: true, to_address: { street1: '350 5th Ave', city: 'New York', state: 'NY' } },
    });
    expect(made.some((call) => /^POST \/v2\/pickups\/[^/]+\/buy$/.test(`${call.method} ${call.path}`))).toBe(true);
    expect(detail.pickup?.changeable).toBe(true);
  });

  it('labels a return sent from a counter from where the order was shipped', async () => {
    const before = easypost.calls.length;
    const { requestId, token } = await submitReturn(t, { shipping_method_id: 1 });
    await merchantAction(t, requestId, 'approve');
    await t.app.ctx.worker.runDue();
    const shipment = easypost.calls
      .slice(before)
      .find((call) => call.method === 'POST' && call.path === '/v2/shipments');
    expect(shipment?.body).toMatchObject({
      shipment: {
        to_address: { street1: '350 5th Ave', street2: 'Apt 4B', city: 'New York', state: 'NY', zip: '10118' },
      },
    });
    const detail = (await t.call(calls.returnInfo, { request_id: requestId }, token)).body.data;
    expect(detail.label_url).not.toBe('');
  });

  it('takes a signed tracker event once, refuses a tampered one, and locks the pickup once collected', async () => {
    const { token, requestId, detail } = await approvedPickup();
    const body = trackerEvent('evt_collected_1', detail.tracking_number, 'in_transit');

    const flipped = Buffer.from(body);
    flipped[20] = (flipped[20] ?? 0) ^ 1;
    expect((await post(flipped, { 'x-hmac-signature': signature(body) })).statusCode).toBe(401);
    expect((await post(body, {})).statusCode).toBe(401);

    const first = await post(body, { 'x-hmac-signature': signature(body) });
    expect([first.statusCode, first.json<{ data: { applied: boolean } }>().data.applied]).toEqual([200, true]);
    const again = await post(body, { 'x-hmac-signature': signature(body) });
    expect([again.statusCode, again.json<{ data: { applied: boolean } }>().data.applied]).toEqual([200, false]);
    const timeline = await t.db
      .selectFrom('request_events')
      .select('note')
      .where('request_id', '=', requestId)
      .where('actor', '=', 'carrier')
      .execute();
    expect(timeline).toEqual([{ note: `${detail.tracking_number} in_transit` }]);

    const now = (await t.call(calls.returnInfo, { request_id: requestId }, token)).body.data;
    expect(now.pickup?.changeable).toBe(false);
    const change = await t.call(
      calls.pickupUpdate,
      { request_id: requestId, pickup: { ...alicePickup, time: '13-15' } },
      token,
    );
    expect(change.body.data.code).toBe(Code.IllegalTransition);
  });

  it('answers a genuine event of another kind with 200 so EasyPost does not resend it, and changes nothing', async () => {
    const body = Buffer.from(JSON.stringify({ id: 'evt_batch', object: 'Event', description: 'batch.created' }));
    const answer = await post(body, { 'x-hmac-signature': signature(body) });
    expect([answer.statusCode, answer.json<{ data: { applied: boolean } }>().data.applied]).toEqual([200, false]);
  });
});
