import { calls, Code, messages, RequestStatus } from '@return-center/contract';
import { present } from '@return-center/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  alicePickup,
  buildTestApp,
  dialects,
  merchantAction,
  submitReturn,
  trySubmitReturn,
  type TestApp,
} from '../../../test/helper.js';

describe.each(dialects)('carrier pickup on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect);
  });
  afterEach(() => t.close());

  const merchant = (requestId: number, action: string) => merchantAction(t, requestId, action);
  const pickupOf = (overrides: Record<string, unknown> = {}) => ({ ...alicePickup, ...overrides });
  const request = (id: number) =>
    t.db.selectFrom('return_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('offers pickup for an order shipped in the United States, starting from where it went', async () => {
    const { token, orderId } = await trySubmitReturn(t, { shipping_method_id: 1 });
    const info = (await t.call(calls.orderInfo, { order_id: orderId }, token)).body.data;
    expect(info.pickup_is_ok).toBe(true);
    expect(info.returnShippingMethod.map((m) => m.id)).toContain(4);
    expect(info.pickup_address).toEqual(alicePickup.address);
    expect(info.pickupMethod).toMatchObject({ carrierDefault: 'USPS-EASYPOST', pickupTimeDefault: '9-11' });
  });

  const carol = async () =>
    (
      await t.call(calls.login, {
        shop_url: 'demo-shop.myshopify.com',
        email: 'carol@example.com',
        order_number: '#1004',
      })
    ).body.data.token;

  it('does not offer pickup for an order shipped abroad', async () => {
    const token = await carol();
    const order = present((await t.call(calls.index, {}, token)).body.data.list[0], 'order #1004');
    const info = (await t.call(calls.orderInfo, { order_id: order.id }, token)).body.data;
    expect(info.pickup_is_ok).toBe(false);
    expect(info.returnShippingMethod.map((m) => m.id)).not.toContain(4);
  });

  it('lists the states for the United States and nothing for elsewhere', async () => {
    const { token } = await submitReturn(t);
    const us = (await t.call(calls.getRegion, { country: 'US' }, token)).body.data.list;
    expect(us).toContainEqual({ code: 'NY', name: 'New York' });
    expect(us.length).toBeGreaterThanOrEqual(51);
    expect((await t.call(calls.getRegion, { country: 'GB' }, token)).body.data.list).toEqual([]);
  });

  it('checks an address before it is saved: our rules, then the carrier', async () => {
    const { token } = await submitReturn(t);
    const check = async (change: Record<string, string>) =>
      (await t.call(calls.pickupAddressValidate, { ...alicePickup.address, ...change }, token)).body.data;
    expect(await check({})).toEqual({ code: Code.Success, msg: '' });
    expect(await check({ zip: '1011' })).toEqual({
      code: Code.PickupAddressInvalid,
      msg: `${messages.pickupAddressInvalid}: zip: ${messages.zipFormat}`,
    });
    expect((await check({ phone: '2125550101' })).msg).toContain(messages.phoneDigits);
    expect((await check({ province_code: 'ZZ' })).code).toBe(Code.PickupAddressInvalid);
    expect((await check({ country_code: 'CA' })).code).toBe(Code.PickupAddressInvalid);
  });

  it('submits a pickup only with a bookable slot, and shows it on the status page', async () => {
    const refused = async (pickup: unknown) =>
      (await trySubmitReturn(t, { shipping_method_id: 4, extra: pickup === undefined ? {} : { pickup } })).body;
    expect((await refused(undefined)).msg).toMatch(/^pickup: /);
    expect((await refused(pickupOf({ date: '2026-11-21' }))).msg).toBe(`pickup.date: ${messages.pickupDateOutOfRange}`);
    expect((await refused(pickupOf({ date: '2026-12-31' }))).msg).toBe(`pickup.date: ${messages.pickupDateOutOfRange}`);
    expect((await refused(pickupOf({ time: '7-9' }))).msg).toMatch(/^pickup.time: one of 9-11/);
    expect((await refused(pickupOf({ address: { ...alicePickup.address, zip: '' } }))).msg).toBe(
      'pickup.address.zip: Required',
    );
    const { token, requestId } = await submitReturn(t, { shipping_method_id: 4, extra: { pickup: alicePickup } });
    const status = (await t.call(calls.refundCheck, { id: requestId }, token)).body.data;
    expect(status.pickup).toEqual(alicePickup);
    expect(status.detail.pickup).toEqual({
      address: alicePickup.address,
      date: '2026-11-23',
      time: '9-11',
      timezone: 'America/New_York',
      changeable: true,
    });
    expect(status.detail.pickupMethod).toMatchObject({ carrierDefault: 'USPS-EASYPOST' });
  });

  it('books the day in the zone of the pickup address, whatever zone the client names (#30)', async () => {
    // Monday 23 November 2026, 08:00 UTC: Monday 03:00 in New York, still Sunday at GMT-12.
    t.clock.advance(Date.UTC(2026, 10, 23, 8) - t.clock.nowMs());
    const farWest = pickupOf({ timezone: 'Etc/GMT+12', date: '2026-11-23' });
    const sameDay = await trySubmitReturn(t, { shipping_method_id: 4, extra: { pickup: farWest } });
    expect(sameDay.body.msg).toBe(`pickup.date: ${messages.pickupDateOutOfRange}`);
    const { token, requestId } = await submitReturn(t, {
      shipping_method_id: 4,
      extra: { pickup: { ...farWest, date: '2026-11-24' } },
    });
    const status = (await t.call(calls.refundCheck, { id: requestId }, token)).body.data;
    expect(status.detail.pickup).toMatchObject({ date: '2026-11-24', timezone: 'America/New_York' });
    const moved = await t.call(calls.pickupUpdate, { request_id: requestId, pickup: farWest }, token);
    expect(moved.body.data).toEqual({ code: Code.InvalidInput, msg: `pickup.date: ${messages.pickupDateOutOfRange}` });
    // In Chicago it is the same day: the window opens on Tuesday there too, in its own zone.
    const chicago = { ...alicePickup.address, province_code: 'IL', city: 'Chicago', zip: '60606' };
    expect((await t.call(calls.pickupWindow, chicago, token)).body.data).toEqual({
      timezone: 'America/Chicago',
      first: '2026-11-24',
      last: '2026-12-23',
    });
  });

  it('answers the pickup window of a place in its zone, and refuses a state it does not know (#30)', async () => {
    const { token } = await submitReturn(t);
    const windowOf = async (province_code: string, zip: string) =>
      (await t.call(calls.pickupWindow, { province_code, zip }, token)).body;
    // Friday 20 November 2026, 15:00 UTC.
    expect((await windowOf('NY', '10118')).data).toEqual({
      timezone: 'America/New_York',
      first: '2026-11-23',
      last: '2026-12-20',
    });
    expect((await windowOf('TX', '79901')).data.timezone).toBe('America/Denver');
    expect((await windowOf('TX', '75201')).data.timezone).toBe('America/Chicago');
    expect((await windowOf('ZZ', '10118')).code).toBe(Code.InvalidInput);
    expect((await windowOf('N'.repeat(100_000), '10118')).code).toBe(Code.InvalidInput);
    // Every state the address form offers has a zone.
    for (const { code } of (await t.call(calls.getRegion, { country: 'US' }, token)).body.data.list)
      expect((await windowOf(code, '')).code).toBe(Code.Success);
  });

  it('stores no state code that is not one: a 100,000-character province_code is refused (#30)', async () => {
    const long = { ...alicePickup.address, province_code: 'N'.repeat(100_000) };
    const submitted = await trySubmitReturn(t, {
      shipping_method_id: 4,
      extra: { pickup: pickupOf({ address: long }) },
    });
    expect(submitted.body.code).toBe(Code.InvalidInput);
    const made = await trySubmitReturn(t, {
      shipping_method_id: 4,
      extra: { pickup: pickupOf({ address: { ...alicePickup.address, province_code: 'NYC' } }) },
    });
    expect(made.body.msg).toBe('pickup.address.province_code: not a US state');
    expect((await t.call(calls.pickupAddressValidate, long, made.token)).body.code).toBe(Code.InvalidInput);
    const rows = await t.db.selectFrom('return_requests').select('pickup').execute();
    expect(rows.every((row) => row.pickup.length < 1000)).toBe(true);
  });

  it('books the pickup with the label on approval, and rebooks it when the shopper changes it', async () => {
    const { token, requestId } = await submitReturn(t, { shipping_method_id: 4, extra: { pickup: alicePickup } });
    const update = async (pickup: unknown) =>
      (await t.call(calls.pickupUpdate, { request_id: requestId, pickup }, token)).body.data;
    expect(await update(pickupOf({ time: '13-15' }))).toEqual({ code: Code.Success, msg: 'Modified successfully' });
    expect((await update(pickupOf({ date: '2026-11-22' }))).code).not.toBe(Code.Success);
    expect((await request(requestId)).pickup_booking).toBe('');

    expect((await merchant(requestId, 'approve')).statusCode).toBe(200);
    await t.app.ctx.worker.runDue();
    const approved = await request(requestId);
    expect(approved.label_url).not.toBe('');
    // A driver collects the parcel: no box-free drop-off code, which is for a counter.
    expect(approved.drop_off_code).toBe('');
    const first = JSON.parse(approved.pickup_booking) as { pickupId: string; slot: string };
    expect(JSON.parse(first.slot)).toMatchObject({ time: '13-15' });

    expect(await update(pickupOf({ date: '2026-11-24', time: '15-17' }))).toMatchObject({ code: Code.Success });
    await t.app.ctx.worker.runDue();
    const second = JSON.parse((await request(requestId)).pickup_booking) as { pickupId: string; slot: string };
    expect(JSON.parse(second.slot)).toMatchObject({ date: '2026-11-24', time: '15-17' });
    expect(second.pickupId).not.toBe(first.pickupId);
    const events = await t.db
      .selectFrom('request_events')
      .select('action')
      .where('request_id', '=', requestId)
      .execute();
    expect(events.filter((e) => e.action === 'pickup')).toHaveLength(2);

    expect((await merchant(requestId, 'receive')).statusCode).toBe(200);
    expect((await request(requestId)).status).toBe(RequestStatus.Received);
    expect((await update(pickupOf({ time: '9-11' }))).code).toBe(Code.IllegalTransition);
  });

  it('lets only the request’s shopper change its pickup', async () => {
    const { requestId } = await submitReturn(t, { shipping_method_id: 4, extra: { pickup: alicePickup } });
    const other = await t.call(calls.pickupUpdate, { request_id: requestId, pickup: alicePickup }, await carol());
    expect(other.body.code).toBe(Code.NotFound);
  });

  it('changes no pickup of a return sent another way', async () => {
    const { token, requestId } = await submitReturn(t, { shipping_method_id: 2 });
    const answer = await t.call(calls.pickupUpdate, { request_id: requestId, pickup: alicePickup }, token);
    expect(answer.body.data.code).toBe(Code.IllegalTransition);
    expect((await request(requestId)).pickup).toBe('');
  });

  it('finds addresses in the offline gazetteer by ZIP and by street', async () => {
    const { token } = await submitReturn(t);
    const found = (await t.call(calls.mapSearch, { search: '10118', country: 'US' }, token)).body.data.map_search;
    const place = present(found[0], 'a place for 10118');
    const detail = (await t.call(calls.mapDetail, { place_id: place.place_id }, token)).body.data.map_address;
    expect(present(detail[0], 'detail').detail).toMatchObject({ city: 'New York', zip: '10118', province_code: 'NY' });
    const street = (await t.call(calls.mapSearch, { search: '350 5th Ave', country: 'US' }, token)).body.data;
    expect(street.map_search.length).toBeGreaterThan(0);
    expect((await t.call(calls.mapDetail, { place_id: 'nowhere' }, token)).body.data.map_address).toEqual([]);
  });
});
