import { consolePath, MERCHANT_BASE, type Analytics, type MerchantRequest } from '@return-center/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  dialects,
  merchantAction,
  patchSettings,
  signInConsole,
  submitReturn,
  type TestApp,
} from '../../../test/helper.js';
import { exchangeScene } from '../returns/test-support.js';
import { periodFor, periodStart } from './money-totals.js';

const DAY = 86_400;

describe('money periods', () => {
  it('takes days up to two weeks, Monday weeks up to 92 days, months beyond', () => {
    expect(periodFor(0, 14 * DAY)).toBe('day');
    expect(periodFor(0, 30 * DAY)).toBe('week');
    expect(periodFor(0, 200 * DAY)).toBe('month');
    const thursday = Date.parse('2026-11-26T22:00:00Z') / 1000;
    expect(periodStart(thursday, 'day')).toBe('2026-11-26');
    expect(periodStart(thursday, 'week')).toBe('2026-11-23');
    expect(periodStart(thursday, 'month')).toBe('2026-11-01');
  });
});

describe.each(dialects)('analytics money on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect);
  });
  afterEach(() => t.close());

  const now = () => Math.floor(t.clock.nowMs() / 1000);
  const detail = async (id: number) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `${MERCHANT_BASE}/requests/${String(id)}`,
        headers: { authorization: 'Bearer demo-merchant-key' },
      })
    ).json<{ data: MerchantRequest }>().data;
  const refund = (id: number, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `${MERCHANT_BASE}/requests/${String(id)}/refund`,
      payload,
      headers: { authorization: 'Bearer demo-merchant-key' },
    });

  it('totals refunds, credit and fees per period when they went through, and reasons by product', async () => {
    await patchSettings(t, (settings) => {
      settings.return_setting.return_fee = 300;
    });
    const start = now();
    const alice = await submitReturn(t);
    // Carol's order is in euros: left out of the dollar totals, and counted as such.
    const carol = await submitReturn(t, { email: 'carol@example.com', order: '#1004', title: 'Cotton T-Shirt' });
    for (const id of [alice.requestId, carol.requestId]) {
      for (const action of ['approve', 'receive']) await merchantAction(t, id, action);
      await refund(id, {});
    }
    await t.app.ctx.worker.runDue();
    t.clock.advance(2 * DAY * 1000);
    const beanie = await submitReturn(t, { title: 'Canvas Sneakers' });
    for (const action of ['approve', 'receive']) await merchantAction(t, beanie.requestId, action);
    await refund(beanie.requestId, { solution_id: 2 });
    await t.app.ctx.worker.runDue();
    const refunded = (await detail(alice.requestId)).actual_refund;
    const credited = (await detail(beanie.requestId)).actual_refund;
    expect(refunded).toBeGreaterThan(0);
    expect(credited).toBeGreaterThan(0);

    const owner = await signInConsole(t);
    const ask = async (from: number, to: number) =>
      (await owner.send('GET', `${consolePath('analytics')}?from=${String(from)}&to=${String(to)}`)).body
        .data as Analytics;
    const week = await ask(start - 3 * DAY, now() + DAY);
    expect(week.money).toMatchObject({
      currency: 'USD',
      period: 'day',
      totals: { refunded, credited, exchanged: 0, fees: 600 },
      other_currency: 1,
    });
    const day = (at: number) => new Date(at * 1000).toISOString().slice(0, 10);
    const byDay = new Map(week.money.periods.map((p) => [p.start, p]));
    expect(byDay.get(day(start))).toMatchObject({ refunded, credited: 0, fees: 300 });
    expect(byDay.get(day(start + 2 * DAY))).toMatchObject({ refunded: 0, credited, fees: 300 });
    expect(week.money.periods.reduce((sum, p) => sum + p.refunded + p.credited, 0)).toBe(refunded + credited);

    // A range that ends before the credit was given holds only the refund.
    expect((await ask(start - DAY, start + DAY)).money.totals).toMatchObject({ refunded, credited: 0 });

    const shirt = week.reasons_by_product.find((p) => p.product === 'Linen Shirt');
    expect(shirt?.returned).toBe(1);
    expect(shirt?.reasons).toHaveLength(1);
    expect(shirt?.reasons[0]?.count).toBe(1);
    expect(week.reasons_by_product.map((p) => p.product)).toContain('Cotton T-Shirt');
  });
});

describe.each(dialects)('analytics money of an exchange on %s', (dialect) => {
  let t: TestApp;
  let size43: number;
  exchangeScene(dialect, (scene) => ({ t, size43 } = scene));

  it("counts an exchange's credit when it is approved, not before", async () => {
    const { requestId } = await submitReturn(t, {
      title: 'Canvas Sneakers',
      exchange: [{ variant_id: size43, quantity: 1 }],
    });
    const owner = await signInConsole(t);
    const now = Math.floor(t.clock.nowMs() / 1000);
    const totals = async () =>
      (
        (await owner.send('GET', `${consolePath('analytics')}?from=${String(now - DAY)}&to=${String(now + DAY)}`)).body
          .data as Analytics
      ).money.totals;
    expect((await totals()).exchanged).toBe(0);
    await merchantAction(t, requestId, 'approve');
    await t.app.ctx.worker.runDue();
    // The pair of size 43 costs 8900: the return's credit towards it.
    expect(await totals()).toMatchObject({ exchanged: 8900, refunded: 0, credited: 0 });
  });
});
