import { createHmac } from 'node:crypto';
import EasyPostClient from '@easypost/api';
import { describe, expect, it } from 'vitest';
import { readEasyPostEvent } from './easypost-webhook.js';

/** With a composed "é": EasyPost keys the HMAC with the NFKD form, where it is "e" and a combining accent. */
const SECRET = 's\u00e9cret';
const event = {
  id: 'evt_1',
  object: 'Event',
  mode: 'test',
  description: 'tracker.updated',
  status: 'pending',
  created_at: '2026-11-23T15:04:05.000Z',
  updated_at: '2026-11-23T15:04:05.000Z',
  previous_attributes: { status: 'pre_transit' },
  result: {
    id: 'trk_1',
    object: 'Tracker',
    tracking_code: '9400111206213859123456',
    status: 'in_transit',
    status_detail: 'arrived_at_facility',
    weight: 136,
    carrier: 'USPS',
  },
};
// EasyPost writes a float weight as 136.0, which JSON.stringify would not.
const body = Buffer.from(JSON.stringify(event).replace('"weight":136', '"weight":136.0'));

const sign = (raw: Buffer, secret = SECRET) =>
  `hmac-sha256-hex=${createHmac('sha256', secret.normalize('NFKD')).update(raw).digest('hex')}`;
const flipBit = (bytes: Buffer, index: number) => {
  const copy = Buffer.from(bytes);
  copy[index] = (copy[index] ?? 0) ^ 1;
  return copy;
};

describe('readEasyPostEvent', () => {
  it('reads a correctly signed tracker event', () => {
    expect(readEasyPostEvent(body, { 'x-hmac-signature': sign(body) }, SECRET)).toEqual({
      ok: true,
      event: {
        id: 'evt_1',
        description: 'tracker.updated',
        trackingCode: '9400111206213859123456',
        status: 'in_transit',
        at: Date.UTC(2026, 10, 23, 15, 4, 5) / 1000,
      },
    });
  });

  it('agrees with Utils.validateWebhook of @easypost/api', () => {
    const utils = new EasyPostClient('not-used').Utils;
    expect(utils.validateWebhook(body, { 'x-hmac-signature': sign(body) }, SECRET)).toMatchObject({ id: 'evt_1' });
    expect(readEasyPostEvent(body, { 'X-Hmac-Signature': sign(body) }, SECRET).ok).toBe(true);
    const wrong = sign(body, 'secret');
    expect(() => utils.validateWebhook(body, { 'x-hmac-signature': wrong }, SECRET)).toThrow();
    expect(readEasyPostEvent(body, { 'x-hmac-signature': wrong }, SECRET)).toEqual({ ok: false, reason: 'signature' });
  });

  it('keys the HMAC with the NFKD form of the secret, however it is written', () => {
    const decomposed = SECRET.normalize('NFD');
    expect(decomposed).not.toBe(SECRET);
    expect(readEasyPostEvent(body, { 'x-hmac-signature': sign(body, decomposed) }, SECRET).ok).toBe(true);
    expect(readEasyPostEvent(body, { 'x-hmac-signature': sign(body) }, decomposed).ok).toBe(true);
  });

  it('refuses a body with one bit flipped', () => {
    const signature = sign(body);
    for (const index of [0, Math.floor(body.length / 2), body.length - 1])
      expect(readEasyPostEvent(flipBit(body, index), { 'x-hmac-signature': signature }, SECRET)).toEqual({
        ok: false,
        reason: 'signature',
      });
  });

  it('refuses a signature with one bit flipped', () => {
    const digest = Buffer.from(sign(body).slice('hmac-sha256-hex='.length), 'hex');
    for (const index of [0, 31]) {
      const signature = `hmac-sha256-hex=${flipBit(digest, index).toString('hex')}`;
      expect(readEasyPostEvent(body, { 'x-hmac-signature': signature }, SECRET).ok).toBe(false);
    }
    expect(readEasyPostEvent(body, { 'x-hmac-signature': sign(body).slice(0, -1) }, SECRET).ok).toBe(false);
  });

  it('refuses a request without the signature header, or with an empty secret', () => {
    expect(readEasyPostEvent(body, {}, SECRET)).toEqual({ ok: false, reason: 'signature' });
    expect(readEasyPostEvent(body, { 'x-hmac-signature': undefined }, SECRET).ok).toBe(false);
    expect(readEasyPostEvent(body, { 'x-hmac-signature': sign(body, '') }, '').ok).toBe(false);
  });

  it('passes over a genuine event that is not about a tracker', () => {
    const batch = Buffer.from(JSON.stringify({ ...event, description: 'batch.created', result: { object: 'Batch' } }));
    expect(readEasyPostEvent(batch, { 'x-hmac-signature': sign(batch) }, SECRET)).toEqual({
      ok: false,
      reason: 'ignored',
    });
  });
});
