import {
  RETURN_WINDOW_DAYS,
  type ReturnMoney,
  type ReturnRule,
  type RuleSetBody,
  type SimulatedOutcome,
  type Simulation,
} from '@return-center/contract';
import {
  creditBonus,
  evaluateRules,
  givenProof,
  needsShopperHistory,
  ruleFees,
  withRuleFees,
  type ReturnMoneyResult,
  type RuleFacts,
  type ShopperHistory,
} from '@return-center/domain';
import type { PlatformOrder, PlatformOrders } from '../../adapters/store-platform/port.js';
import type { RequestReads } from '../requests/request-reads.js';
import type { Shop } from '../storefront-config/shop.js';
import { historyFrom, itemFactsOf, orderFactsOf } from './rule-facts.js';
import type { RulesService } from './rules.service.js';

type Past = Awaited<ReturnType<RequestReads['latestWithItems']>>[number];
type HistoryRow = Awaited<ReturnType<RequestReads['historiesOf']>>[number];
/** A shopper's requests at the shop and when each of their orders was placed. */
interface Shopper {
  requests: HistoryRow[];
  placedAt: number[];
}
const DAY = 86_400;
const EXAMPLES = 50;

const emptyTotals = (): Simulation['before'] => ({
  allowed_units: 0,
  denied_units: 0,
  auto_approved: 0,
  auto_rejected: 0,
  flagged: 0,
  blocked: 0,
  fees: 0,
  total: 0,
});

function addTo(totals: Simulation['before'], outcome: SimulatedOutcome): void {
  totals.allowed_units += outcome.allowed_units;
  totals.denied_units += outcome.denied_units;
  totals.auto_approved += outcome.review === 'approve' ? 1 : 0;
  totals.auto_rejected += outcome.review === 'reject' ? 1 : 0;
  totals.flagged += outcome.flagged ? 1 : 0;
  totals.blocked += outcome.blocked ? 1 : 0;
  totals.fees += outcome.fees;
  totals.total += outcome.total;
}

/**
 * The money a past request would have had under today's settings alone: its stored amounts with the settings' return
 * fee and restocking fee in place of whatever rules took then, before any bonus.
 */
function baseMoney(shop: Shop, stored: ReturnMoney): ReturnMoneyResult {
  const settings = shop.settings.return_setting;
  const restocking = Math.floor(((stored.origin_subtotal - stored.discount) * settings.restocking_fee_percent) / 100);
  const total = Math.max(0, stored.max_refund - settings.return_fee - stored.label_fee - restocking);
  return { ...stored, return_fee: settings.return_fee, restocking_fee: restocking, total, bonus: 0 };
}

/**
 * Tries draft rules against the shop's latest requests (issue 32's simulator): each request is decided by the stored
 * rules and by the draft, as of the moment it was made, with what the shopper chose then; nothing is saved.
 */
export class RulesSimulator {
  constructor(
    private readonly rules: RulesService,
    private readonly requests: Pick<RequestReads, 'latestWithItems' | 'historiesOf'>,
    private readonly orders: Pick<PlatformOrders, 'getOrder' | 'listOrdersByEmail'>,
  ) {}

  async simulate(shop: Shop, draft: RuleSetBody, limit: number): Promise<Simulation> {
    const stored = await this.rules.current(shop);
    const pasts = await this.requests.latestWithItems(shop.id, limit);
    const orders = await this.ordersOf(shop, pasts);
    const needsHistory = needsShopperHistory([...stored.rules, ...draft.rules]);
    const shoppers = needsHistory ? await this.shoppersOf(shop, orders) : new Map<string, Shopper>();
    const result: Simulation = {
      requests: 0,
      changed: 0,
      before: emptyTotals(),
      after: emptyTotals(),
      money_difference: 0,
      currency: shop.currency,
      examples: [],
    };
    for (const past of pasts) {
      const order = orders.get(past.order_id);
      if (!order) continue;
      const known = shoppers.get(order.email.toLowerCase());
      const shopper = known ? historyAsOf(known, past.created_at) : undefined;
      const before = outcomeOf(shop, stored.rules, factsOf(past, order, stored.lists, shopper), past);
      const after = outcomeOf(shop, draft.rules, factsOf(past, order, draft.lists, shopper), past);
      result.requests++;
      addTo(result.before, before);
      addTo(result.after, after);
      if (JSON.stringify({ ...before, rules: [] }) === JSON.stringify({ ...after, rules: [] })) continue;
      result.changed++;
      if (result.examples.length < EXAMPLES)
        result.examples.push({ request_id: past.id, order_no: past.order_name, before, after });
    }
    result.money_difference = result.after.total - result.before.total;
    return result;
  }

  /** Each request's order, once per order (many requests of a shop may share one). */
  private async ordersOf(shop: Shop, pasts: readonly Past[]): Promise<Map<number, PlatformOrder>> {
    const orders = new Map<number, PlatformOrder>();
    for (const id of new Set(pasts.map((past) => past.order_id))) {
      const order = await this.orders.getOrder(shop.id, id);
      if (order) orders.set(id, order);
    }
    return orders;
  }

  /**
   * Every shopper of these orders, by lower-case email: their requests read together (one read per 500 shoppers, not
   * one each, which scanned the shop's requests per shopper) and their orders through the port.
   */
  private async shoppersOf(shop: Shop, orders: Map<number, PlatformOrder>): Promise<Map<string, Shopper>> {
    const emails = [...new Set([...orders.values()].map((order) => order.email.toLowerCase()))];
    const rows = new Map<string, HistoryRow[]>();
    for (const row of await this.requests.historiesOf(shop.id, emails)) {
      const email = row.customer_email.toLowerCase();
      const known = rows.get(email);
      if (known) known.push(row);
      else rows.set(email, [row]);
    }
    const shoppers = new Map<string, Shopper>();
    for (const email of emails) {
      const placedAt = (await this.orders.listOrdersByEmail(shop.id, email)).map((order) => order.createdAt);
      shoppers.set(email, { requests: rows.get(email) ?? [], placedAt });
    }
    return shoppers;
  }
}

/** The shopper's history as it was when a request was made: their earlier requests and the orders placed by then. */
const historyAsOf = (shopper: Shopper, at: number): ShopperHistory =>
  historyFrom(
    shopper.requests.filter((request) => request.created_at < at),
    shopper.placedAt.filter((placed) => placed <= at).length,
  );

function factsOf(
  past: Past,
  order: PlatformOrder,
  lists: RuleSetBody['lists'],
  shopper: RuleFacts['shopper'] | undefined,
): RuleFacts {
  const money = JSON.parse(past.money) as ReturnMoney;
  const items = past.items.flatMap((item) => {
    const line = order.lines.find((entry) => entry.id === item.order_line_id);
    if (!line) return [];
    const photos = givenProof(JSON.parse(item.proof) as string[]).length;
    const choice = {
      reasonId: item.reason_id,
      reasonGroupId: item.reason_group_id,
      photos,
      description: item.description,
    };
    return [itemFactsOf(line, item.quantity, choice)];
  });
  return {
    now: past.created_at,
    order: orderFactsOf(order),
    items,
    shopper: shopper ?? { requests: [], orders: 0, ordersWithReturn: 0 },
    lists,
    solutionId: past.solution_id,
    methodId: past.shipping_method_id,
    refundValue: money.refund,
  };
}

function outcomeOf(shop: Shop, rules: readonly ReturnRule[], facts: RuleFacts, past: Past): SimulatedOutcome {
  const decision = evaluateRules(rules, facts);
  const stored = JSON.parse(past.money) as ReturnMoney;
  const feeItems = facts.items.map((item) => {
    const kept = past.items.find((entry) => entry.order_line_id === item.lineId);
    const discount = kept ? Math.round((kept.discount * item.quantity) / Math.max(1, kept.line_quantity)) : 0;
    return {
      lineId: item.lineId,
      quantity: item.quantity,
      base: (kept?.price ?? item.price) * item.quantity - discount,
    };
  });
  const fees = ruleFees(decision, facts.solutionId, feeItems);
  const charged = withRuleFees(baseMoney(shop, stored), fees);
  const bonusRule = decision.bonus?.bonus ?? shop.settings.return_setting.credit_bonus;
  const total = charged.total + creditBonus(facts.solutionId, charged.total, bonusRule);
  let allowed = 0;
  let denied = 0;
  for (const item of facts.items) {
    const decided = decision.items.find((entry) => entry.lineId === item.lineId);
    const late = facts.now - facts.order.createdAt > (decided?.windowDays ?? RETURN_WINDOW_DAYS) * DAY;
    if (decided?.denied || late) denied += item.quantity;
    else allowed += item.quantity;
  }
  const review = decision.review?.decision === 'approve' ? 'approve' : decision.review ? 'reject' : 'person';
  // A submit with a denied item is refused whole, as is a blocked one; a rejected request pays nothing.
  const refused = denied > 0 || decision.block !== null || review === 'reject';
  return {
    allowed_units: allowed,
    denied_units: denied,
    fees: fees.reduce((sum, fee) => sum + fee.amount, 0),
    total: refused ? 0 : total,
    review,
    flagged: decision.flags.length > 0,
    blocked: decision.block !== null,
    rules: decision.decidedBy.map((rule) => rule.name),
  };
}
