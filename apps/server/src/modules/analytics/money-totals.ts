import { SolutionId, type Analytics, type MoneyTotals } from '@return-center/contract';
import type { Db } from '../../db/database.js';
import type { Shop } from '../storefront-config/shop.js';

const DAY = 86_400;
type Period = Analytics['money']['period'];

/** Days for a range of up to 14 days, ISO weeks up to 92, calendar months beyond. */
export const periodFor = (from: number, to: number): Period =>
  to - from <= 14 * DAY ? 'day' : to - from <= 92 * DAY ? 'week' : 'month';

/** The first day (UTC, YYYY-MM-DD) of the period holding a moment. */
export function periodStart(at: number, period: Period): string {
  const date = new Date(at * 1000);
  if (period === 'week') date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  if (period === 'month') date.setUTCDate(1);
  return date.toISOString().slice(0, 10);
}

/** Every period from the range's first to its last, in order. */
function periodsOf(from: number, to: number, period: Period): string[] {
  const starts: string[] = [];
  for (let at = from; at <= to; at += DAY) {
    const start = periodStart(at, period);
    if (starts.at(-1) !== start) starts.push(start);
  }
  const last = periodStart(to, period);
  if (starts.at(-1) !== last) starts.push(last);
  return starts;
}

const zero = (): MoneyTotals => ({ refunded: 0, credited: 0, exchanged: 0, fees: 0 });
const MONEY_BACK = new Set<number>([SolutionId.RefundOriginal, SolutionId.BankTransfer]);
const CREDIT = new Set<number>([SolutionId.DiscountCode, SolutionId.GiftCard]);

interface Fees {
  return_fee?: number;
  label_fee?: number;
  restocking_fee?: number;
}

/**
 * The money of the shop's returns in a range, per period, when it moved: a refund or credit (and the fees it kept)
 * when staff refunded it and it went through, an exchange's credit (and its fees) when it was approved.
 */
export async function moneyTotals(db: Db, shop: Shop, from: number, to: number): Promise<Analytics['money']> {
  const rows = await db
    .selectFrom('request_events')
    .innerJoin('return_requests', 'return_requests.id', 'request_events.request_id')
    .select(['return_requests.id', 'return_requests.solution_id', 'return_requests.currency'])
    .select(['return_requests.actual_refund', 'return_requests.refund_state', 'return_requests.exchange_credit'])
    .select(['return_requests.money', 'request_events.action', 'request_events.at'])
    .where('return_requests.shop_id', '=', shop.id)
    .where('request_events.action', 'in', ['refund', 'approve'])
    .where('request_events.at', '>=', from)
    .where('request_events.at', '<=', to)
    .orderBy('request_events.id')
    .execute();
  const period = periodFor(from, to);
  const periods = new Map(periodsOf(from, to, period).map((start) => [start, zero()]));
  const totals = zero();
  const counted = new Set<number>();
  const others = new Set<number>();
  for (const row of rows) {
    const exchange = row.solution_id === SolutionId.Exchange;
    // An exchange's money moves when it is approved, anything else's when it is refunded.
    if (row.action !== (exchange ? 'approve' : 'refund') || counted.has(row.id)) continue;
    if (!exchange && row.refund_state !== 'refunded') continue;
    counted.add(row.id);
    if (row.currency !== shop.currency) {
      others.add(row.id);
      continue;
    }
    const fees = JSON.parse(row.money || '{}') as Fees;
    const moved: MoneyTotals = {
      refunded: MONEY_BACK.has(row.solution_id) ? row.actual_refund : 0,
      credited: CREDIT.has(row.solution_id) ? row.actual_refund : 0,
      exchanged: exchange ? row.exchange_credit : 0,
      fees: (fees.return_fee ?? 0) + (fees.label_fee ?? 0) + (fees.restocking_fee ?? 0),
    };
    const bucket = periods.get(periodStart(row.at, period));
    for (const key of ['refunded', 'credited', 'exchanged', 'fees'] as const) {
      totals[key] += moved[key];
      if (bucket) bucket[key] += moved[key];
    }
  }
  return {
    currency: shop.currency,
    period,
    periods: [...periods].map(([start, sums]) => ({ start, ...sums })),
    totals,
    other_currency: others.size,
  };
}
