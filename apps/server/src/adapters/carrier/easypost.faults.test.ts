import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeEasyPost, type FakeEasyPost } from '../../../test/fakes/easypost-server.js';
import { EasyPostCarrier } from './easypost.js';
import { EasyPostError, EasyPostTimeout } from './easypost-client.js';
import { zonedTime } from './easypost-mapping.js';
import type { PickupInput } from './port.js';

const from = { name: 'Alice Walker', lines: ['1 Main St', 'Apt 4', 'New York, NY 10001'] };
/** As request-jobs passes a shop's return address: its lines after the name, the country code last. */
const to = { name: 'Fernhill Supply Co. Returns', lines: ['500 Market Street', 'San Francisco, CA 94105', 'US'] };
const place = {
  name: 'Alice Walker',
  street1: '1 Main St',
  street2: 'Apt 4',
  city: 'New York',
  state: 'NY',
  zip: '10001',
  phone: '2125550100',
  email: 'alice@example.com',
};

describe('EasyPost adapter against its local fake', () => {
  let fake: FakeEasyPost;
  beforeEach(async () => {
    fake = await startFakeEasyPost();
  });
  afterEach(() => fake.close());

  // Without the trailing slash, as an EASYPOST_BASE_URL may be written.
  const carrier = (timeoutMs?: number) =>
    new EasyPostCarrier({ apiKey: fake.apiKey, baseUrl: fake.baseUrl.replace(/\/$/, ''), timeoutMs });
  const posts = (path: RegExp) => fake.calls.filter((call) => call.method === 'POST' && path.test(call.path));
  const pickupOn = async (date: string, reference = 'pickup-1'): Promise<PickupInput> => {
    const label = await carrier().createLabel({ reference: `label-${reference}`, from, to });
    return { reference, place, trackingNumber: label.trackingNumber, date, slot: '9-11', timezone: 'America/New_York' };
  };

  it('buys the cheapest USPS rate for a PDF return label, shop to shopper as EasyPost wants it', async () => {
    await carrier().createLabel({ reference: 'RMA-1', from, to });
    const [create] = posts(/^\/v2\/shipments$/);
    expect(create?.body).toMatchObject({
      shipment: {
        reference: 'RMA-1',
        is_return: true,
        options: { label_format: 'PDF' },
        from_address: { street1: '500 Market Street', city: 'San Francisco', state: 'CA', zip: '94105' },
        to_address: { name: 'Alice Walker', street1: '1 Main St', street2: 'Apt 4', zip: '10001', country: 'US' },
      },
    });
    const [buy] = posts(/\/buy$/);
    const shipment = await fetch(`${fake.baseUrl}shipments/RMA-1`, {
      headers: { authorization: `Basic ${Buffer.from(`${fake.apiKey}:`).toString('base64')}` },
    }).then((response) => response.json() as Promise<{ selected_rate: { id: string; carrier: string; rate: string } }>);
    expect(shipment.selected_rate).toMatchObject({ carrier: 'USPS', rate: '5.93' });
    expect(buy?.body).toEqual({ rate: { id: shipment.selected_rate.id } });
  });

  it('converts a label EasyPost printed as PNG into a PDF through the label endpoint', async () => {
    const png = await startFakeEasyPost({ labelFormat: 'PNG' });
    try {
      const label = await new EasyPostCarrier({ apiKey: png.apiKey, baseUrl: png.baseUrl }).createLabel({
        reference: 'RMA-2',
        from,
        to,
      });
      expect(Buffer.from(label.pdf).subarray(0, 5).toString()).toBe('%PDF-');
      expect(png.calls.some((call) => /^\/v2\/shipments\/shp_\w+\/label\?file_format=PDF$/.test(call.path))).toBe(true);
    } finally {
      await png.close();
    }
  });

  it('asks for the pickup window in the shopper’s time zone, daylight saving included', async () => {
    await carrier().schedulePickup(await pickupOn('2026-11-23'));
    expect(posts(/^\/v2\/pickups$/)[0]?.body).toMatchObject({
      pickup: { min_datetime: '2026-11-23T09:00:00-05:00', max_datetime: '2026-11-23T11:00:00-05:00' },
    });
    expect(zonedTime('2027-06-14', 9, 'America/Los_Angeles')).toBe('2027-06-14T09:00:00-07:00');
    expect(zonedTime('2027-03-14', 3, 'America/New_York')).toBe('2027-03-14T03:00:00-04:00');
    expect(zonedTime('2027-01-04', 9, 'UTC')).toBe('2027-01-04T09:00:00+00:00');
  });

  it('gives up at the deadline with a timeout while EasyPost still holds the request', async () => {
    fake.faults.latencyMs = 60_000;
    const error: unknown = await carrier(300)
      .track('9400100000000000000000')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EasyPostTimeout);
    expect((error as Error).message).toMatch(/EasyPost track: no answer within 300 ms/);
    expect(fake.held).toBe(1);
    expect(fake.calls).toHaveLength(1);
  });

  it('retries a dropped connection and a 503, then succeeds', async () => {
    fake.faults.drop = 1;
    fake.faults.fail = { status: 503, count: 1 };
    const label = await carrier().createLabel({ reference: 'RMA-3', from, to });
    expect(label.trackingNumber).toMatch(/^9400\d{18}$/);
    expect(fake.calls.slice(0, 3).map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /v2/shipments/RMA-3',
      'GET /v2/shipments/RMA-3',
      'GET /v2/shipments/RMA-3',
    ]);
  });

  it('retries a 429', async () => {
    fake.faults.fail = { status: 429, count: 2 };
    expect(await carrier().verifyAddress(place)).toEqual({ ok: true });
    expect(posts(/^\/v2\/addresses$/)).toHaveLength(3);
  });

  it('never creates a second shipment when the answer to a create or a buy is lost', async () => {
    fake.faults.only = /^POST \/v2\/shipments/;
    fake.faults.dropAfter = 2;
    const label = await carrier().createLabel({ reference: 'RMA-4', from, to });
    expect(posts(/^\/v2\/shipments$/)).toHaveLength(1);
    expect(posts(/^\/v2\/shipments\/.+\/buy$/)).toHaveLength(1);
    expect((await carrier().createLabel({ reference: 'RMA-4', from, to })).trackingNumber).toBe(label.trackingNumber);
    expect(posts(/^\/v2\/shipments/)).toHaveLength(2);
  });

  it('never books a second pickup when the answer to a create or a buy is lost, or EasyPost fails', async () => {
    const input = await pickupOn('2026-11-23');
    fake.faults.only = /^POST \/v2\/pickups/;
    fake.faults.dropAfter = 2;
    const booking = await carrier().schedulePickup(input);
    fake.faults.only = undefined;
    fake.faults.fail = { status: 500, count: 1 };
    expect(await carrier().schedulePickup(input)).toEqual(booking);
    expect(posts(/^\/v2\/pickups$/)).toHaveLength(1);
    expect(posts(/^\/v2\/pickups\/.+\/buy$/)).toHaveLength(1);
    fake.faults.only = /\/cancel$/;
    fake.faults.dropAfter = 1;
    await carrier().cancelPickup(booking.pickupId);
    expect(posts(/\/cancel$/)).toHaveLength(1);
  });

  it('does not retry a refusal: a weekend pickup and a wrong API key fail at once', async () => {
    await expect(carrier().schedulePickup(await pickupOn('2026-11-28'))).rejects.toThrow(
      /EasyPost offers no pickup on 2026-11-28: USPS does not pick up/,
    );
    expect(posts(/^\/v2\/pickups$/)).toHaveLength(1);
    const calls = fake.calls.length;
    const stranger = new EasyPostCarrier({ apiKey: 'EZTKwrong', baseUrl: fake.baseUrl });
    await expect(stranger.verifyAddress(place)).rejects.toThrow(/^EasyPost verifyAddress failed: 401 APIKEY\.INACTIVE/);
    expect(fake.calls.length - calls).toBe(1);
  });

  it('names EasyPost and the status when 5xx answers persist, JSON or a proxy’s HTML page', async () => {
    fake.faults.fail = { status: 500, count: 100 };
    const json = await carrier()
      .track('9400100000000000000000')
      .catch((e: unknown) => e);
    expect(json).toBeInstanceOf(EasyPostError);
    expect(json).toMatchObject({
      status: 500,
      message: expect.stringMatching(/^EasyPost track failed after 4 attempts: 500 /) as string,
    });
    fake.faults.fail = { status: 502, count: 100, html: true };
    await expect(carrier().track('9400100000000000000000')).rejects.toThrow(
      /^EasyPost track failed after 4 attempts: 502 HTTP_502: 502 The upstream server did not answer\.$/,
    );
  });
});
