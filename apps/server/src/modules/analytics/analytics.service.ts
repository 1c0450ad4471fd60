import { SolutionId, type Analytics } from '@return-center/contract';
import { sql } from 'kysely';
import type { StorePlatform } from '../../adapters/store-platform/port.js';
import type { Db } from '../../db/database.js';
import type { Shop } from '../storefront-config/shop.js';
import { moneyTotals } from './money-totals.js';
import { reasonsByProduct } from './reasons-by-product.js';

const DAY = 86_400;
const OUTCOMES: Record<number, Analytics['outcome_split'][number]['outcome']> = {
  [SolutionId.RefundOriginal]: 'money_back',
  [SolutionId.BankTransfer]: 'money_back',
  [SolutionId.DiscountCode]: 'store_credit',
  [SolutionId.GiftCard]: 'store_credit',
  [SolutionId.Exchange]: 'exchange',
};
const count = (value: number | string | bigint) => Number(value);

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : Math.round(((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2);
}

/** The console's charts (#15), over the requests created in a range of days; each figure one grouped query. */
export class AnalyticsService {
  constructor(
    private readonly db: Db,
    private readonly platform: StorePlatform,
  ) {}

  async forShop(shop: Shop, from: number, to: number): Promise<Analytics> {
    const requests = this.db
      .selectFrom('return_requests')
      .where('return_requests.shop_id', '=', shop.id)
      .where('return_requests.created_at', '>=', from)
      .where('return_requests.created_at', '<=', to);
    // A literal, not a parameter: PostgreSQL must see the same expression in the select and the group by.
    const dayOf = sql<number>`cast(return_requests.created_at / 86400 as integer)`;
    const [perDay, reasons, returned, outcomes, refunds, sold, money, byProduct] = await Promise.all([
      requests
        .select([dayOf.as('day'), (eb) => eb.fn.countAll<number>().as('count')])
        .groupBy(dayOf)
        .execute(),
      requests
        .innerJoin('return_items', 'return_items.request_id', 'return_requests.id')
        .select(['return_items.reason_id', (eb) => eb.fn.max('return_items.reason_text').as('text')])
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .groupBy('return_items.reason_id')
        .execute(),
      requests
        .innerJoin('return_items', 'return_items.request_id', 'return_requests.id')
        .select(['return_items.product_id', (eb) => eb.fn.max('return_items.title').as('title')])
        .select((eb) => eb.fn.sum<number>('return_items.quantity').as('units'))
        .groupBy('return_items.product_id')
        .execute(),
      requests
        .select(['solution_id', (eb) => eb.fn.countAll<number>().as('count')])
        .groupBy('solution_id')
        .execute(),
      requests
        .innerJoin('request_events', 'request_events.request_id', 'return_requests.id')
        .where('request_events.action', '=', 'refund')
        .select(['return_requests.created_at', 'request_events.at'])
        .execute(),
      // Counted at the platform, which can fail where our tables do not (a Shopify shop of many orders runs past the
      // call's deadline): the charts still show, with no return rates rather than made-up ones.
      this.platform.unitsSold(shop.id, from, to).catch(() => null),
      moneyTotals(this.db, shop, from, to),
      reasonsByProduct(this.db, shop, from, to),
    ]);

    const counts = new Map(perDay.map((row) => [count(row.day), count(row.count)]));
    const days: Analytics['requests_per_day'] = [];
    for (let day = Math.floor(from / DAY); day <= Math.floor(to / DAY); day++)
      days.push({ day: new Date(day * DAY * 1000).toISOString().slice(0, 10), count: counts.get(day) ?? 0 });

    const reasonText = new Map(shop.settings.reasons.map((reason) => [reason.id, reason.text]));
    const soldUnits = new Map((sold ?? []).map((row) => [row.productId, row.units]));
    const split = new Map<string, number>();
    for (const row of outcomes) {
      const outcome = OUTCOMES[row.solution_id];
      if (outcome) split.set(outcome, (split.get(outcome) ?? 0) + count(row.count));
    }
    return {
      from,
      to,
      requests_per_day: days,
      top_reasons: reasons
        .map((row) => ({ reason: reasonText.get(row.reason_id) ?? row.text, count: count(row.count) }))
        .sort((a, b) => b.count - a.count)
        .slice(0, 10),
      return_rate: (sold ? returned : [])
        .map((row) => ({
          product: row.title,
          returned: count(row.units),
          sold: Math.max(soldUnits.get(row.product_id) ?? 0, count(row.units)),
        }))
        .sort((a, b) => b.returned / b.sold - a.returned / a.sold || b.returned - a.returned)
        .slice(0, 20),
      outcome_split: (['money_back', 'store_credit', 'exchange'] as const).map((outcome) => ({
        outcome,
        count: split.get(outcome) ?? 0,
      })),
      median_seconds_to_refund: median(refunds.map((row) => row.at - row.created_at)),
      money,
      reasons_by_product: byProduct,
    };
  }
}
