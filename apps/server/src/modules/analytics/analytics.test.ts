import { Code, consolePath, type Analytics } from '@return-center/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  dialects,
  merchantAction,
  signInConsole,
  START,
  submitReturn,
  type TestApp,
} from '../../../test/helper.js';
import { median } from './analytics.service.js';

const DAY = 86_400;

describe('median', () => {
  it('takes the middle value, or the rounded mean of the two middle ones', () => {
    expect(median([])).toBeNull();
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 2, 10])).toBe(3);
  });
});

describe.each(dialects)('console analytics on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect);
  });
  afterEach(() => t.close());

  const rangeTo = (to: number, days: number) =>
    `${consolePath('analytics')}?from=${String(to - days * DAY)}&to=${String(to)}`;
  const range = (days: number) => rangeTo(Math.floor(t.clock.nowMs() / 1000), days);

  it('counts requests per day, reasons, the return rate, the outcomes and the time to refund', async () => {
    const shirt = await submitReturn(t);
    t.clock.advance(DAY * 1000);
    for (const action of ['approve', 'receive']) await merchantAction(t, shirt.requestId, action);
    t.clock.advance(3 * 3600 * 1000);
    await merchantAction(t, shirt.requestId, 'refund');

    const owner = await signInConsole(t);
    const answer = await owner.send('GET', range(30));
    expect(answer.body.code).toBe(Code.Success);
    const data = answer.body.data as Analytics;
    expect(data.requests_per_day).toHaveLength(31);
    const today = new Date(START).toISOString().slice(0, 10);
    expect(data.requests_per_day.find((d) => d.day === today)?.count).toBe(1);
    // The shirt's request and the demo's seeded request of #1005.
    expect(data.requests_per_day.reduce((sum, d) => sum + d.count, 0)).toBe(2);
    expect(data.top_reasons[0]?.count).toBeGreaterThanOrEqual(1);
    const shirtRate = data.return_rate.find((r) => r.product === 'Linen Shirt');
    expect(shirtRate).toMatchObject({ returned: 1 });
    expect(shirtRate?.sold).toBeGreaterThanOrEqual(1);
    expect(data.outcome_split.find((o) => o.outcome === 'money_back')?.count).toBe(2);
    expect(data.median_seconds_to_refund).toBe(DAY + 3 * 3600);
  });

  it('still answers the charts, with no return rate rather than a made-up one, when the store cannot count units sold', async () => {
    const storeDown = { unitsSold: () => Promise.reject(new Error('store unavailable')) };
    const broken = await buildTestApp(dialect, {}, { faults: { platform: storeDown } });
    try {
      await submitReturn(broken);
      const to = Math.floor(broken.clock.nowMs() / 1000);
      const answer = await (await signInConsole(broken)).send('GET', rangeTo(to, 30));
      const data = answer.body.data as Analytics;
      expect(data.return_rate).toEqual([]);
      expect(data.requests_per_day.reduce((sum, d) => sum + d.count, 0)).toBe(2);
    } finally {
      await broken.close();
    }
  });

  it('refuses a range that runs backwards or past 400 days', async () => {
    const owner = await signInConsole(t);
    const to = Math.floor(t.clock.nowMs() / 1000);
    const backwards = await owner.send('GET', `${consolePath('analytics')}?from=${String(to)}&to=${String(to - 1)}`);
    expect(backwards.body.code).toBe(Code.InvalidInput);
    expect((await owner.send('GET', range(401))).body.code).toBe(Code.InvalidInput);
  });

  it('refuses times past the calendar with a field message, and answers ranges up to its end', async () => {
    const owner = await signInConsole(t);
    const at = (from: number, to: number) =>
      owner.send('GET', `${consolePath('analytics')}?from=${String(from)}&to=${String(to)}`);
    const huge = Number.MAX_SAFE_INTEGER;
    for (const [from, to] of [
      [huge - 86_400, huge],
      [0, huge],
      [8.64e12, 8.64e12 + 1],
    ]) {
      const answer = await at(from ?? 0, to ?? 0);
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe(Code.InvalidInput);
      expect(answer.body.msg).toContain('year 10000');
    }
    const lastDay = 253_402_300_799;
    const last = await at(lastDay - 86_399, lastDay);
    expect(last.body.code).toBe(Code.Success);
    expect((last.body.data as Analytics).requests_per_day).toEqual([{ day: '9999-12-31', count: 0 }]);
  });
});
