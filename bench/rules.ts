/**
 * The rules simulator (issue #32): draft rules tried on the demo shop's latest `BENCH_SIMULATED` requests (10,000 by
 * budget) through the merchant API, on a SQLite file: each request's order through the store-platform port, the
 * shopper's history when a draft asks for it.
 */
import {
  merchantPath,
  type Envelope,
  type ReturnRule,
  type RuleSetBody,
  type Simulation,
} from '@return-center/contract';
import { nowSeconds } from '../apps/server/src/clock.js';
import { DEMO_SHOP } from '../apps/server/src/demo/demo-shop.js';
import { aliceRequest, emailSession, freshDatabase, startApp, type App } from './app.js';
import { BUDGET, int, seconds, type BudgetRow } from './budgets.js';
import { env } from './env.js';
import { fillOrders } from './fill.js';
import { fillRequests } from './fill-requests.js';
import { log } from './load.js';
import { benchEvaluator } from './rules-evaluator.js';
import type { Results, RulesResult, SimulatedDraft, Stamp } from './results.js';
import { median } from './median.js';

const RUNS = 3;
const message = { text: 'Sale items cannot be returned', translations: {} };
const rule = (id: string, conditions: ReturnRule['conditions'], actions: ReturnRule['actions']): ReturnRule => ({
  id,
  name: id,
  enabled: true,
  match: 'all',
  conditions,
  actions,
});
/** The journey rules: a Sale collection denied, a fee waived for exchanges, review above $200. */
const journey: ReturnRule[] = [
  rule('no-sale', [{ field: 'collection', op: 'in', values: ['Sale'] }], [{ type: 'deny', message }]),
  rule('shipping-fee', [], [{ type: 'return_shipping_fee', amount: 500, waive_for: ['exchange'] }]),
  rule('review-big', [{ field: 'order_value', op: 'gt', value: 20_000 }], [{ type: 'flag', reason: 'over $200' }]),
  rule('approve-small', [{ field: 'order_value', op: 'lte', value: 20_000 }], [{ type: 'auto_approve' }]),
];
/** …and a serial-returner rule (returns in 90 days or return rate), which needs every shopper's orders and requests. */
const serial: ReturnRule = {
  ...rule(
    'serial-returner',
    [
      { field: 'history_returns', op: 'gt', value: 3, days: 90 },
      { field: 'return_rate', op: 'gt', value: 50 },
    ],
    [{ type: 'flag', reason: 'serial returner' }],
  ),
  match: 'any',
};
const DRAFTS: { name: string; rules: ReturnRule[] }[] = [
  { name: 'journey rules', rules: journey },
  { name: 'journey rules + serial returner', rules: [...journey, serial] },
];
const lists: RuleSetBody['lists'] = { emails: ['shopper7@example.com'], addresses: [], order_patterns: [] };

async function simulate(app: App, rules: ReturnRule[]): Promise<{ ms: number; simulation: Simulation }> {
  const started = performance.now();
  const reply = await app.inject({
    method: 'POST',
    url: merchantPath('simulateRules'),
    headers: { authorization: 'Bearer demo-merchant-key' },
    payload: { rules: { rules, lists }, limit: env.simulated },
  });
  const ms = performance.now() - started;
  const body = reply.json<Envelope<Simulation>>();
  if (reply.statusCode !== 200) throw new Error(`simulateRules: ${String(reply.statusCode)} ${body.msg}`);
  return { ms, simulation: body.data };
}

export async function benchRules(): Promise<Omit<RulesResult, keyof Stamp>> {
  // The evaluator first, before the simulator's 10,000 requests leave the heap full of garbage to collect.
  const evaluator = benchEvaluator();
  log(`rules: evaluator p50 ${evaluator.p50Ms.toFixed(3)} ms, p99 ${evaluator.p99Ms.toFixed(3)} ms`);
  const database = await freshDatabase('sqlite');
  const server = await startApp(database);
  try {
    const { app, db } = server;
    const shop = await app.ctx.services.storefront.requireShop(DEMO_SHOP);
    const template = await aliceRequest(app, await emailSession(app, 'alice@example.com'));
    log(`rules: filling ${int(env.simulated)} orders and a request on each`);
    await fillOrders(db, shop.id, 0, env.simulated, nowSeconds(app.ctx.clock));
    const requests = (await fillRequests(db, shop.id, template, env.simulated)) + 1;
    const drafts: SimulatedDraft[] = [];
    for (const draft of DRAFTS) {
      const runs: number[] = [];
      let last: Simulation | null = null;
      for (let run = 0; run < RUNS; run++) {
        const { ms, simulation } = await simulate(app, draft.rules);
        runs.push(Math.round(ms));
        last = simulation;
      }
      log(`rules: ${draft.name}: ${runs.join(', ')} ms`);
      drafts.push({
        name: draft.name,
        ms: median(runs),
        runs,
        requests: last?.requests ?? 0,
        changed: last?.changed ?? 0,
        moneyDifference: last?.money_difference ?? 0,
      });
    }
    return { requests, drafts, evaluator };
  } finally {
    await server.close();
    await database.drop();
  }
}

/** The budget rows of the section: each draft over the shop's latest requests, within 5 s on SQLite. */
export function rulesRows({ rules }: Results): BudgetRow[] {
  const budget = `10,000 in ≤ ${seconds(BUDGET.simulatorMs)}`;
  if (!rules) return [{ figure: 'Rules simulator, SQLite', measured: '—', budget, met: null, stamp: null }];
  const evaluator: BudgetRow[] = rules.evaluator
    ? [
        {
          figure: `Rules evaluator, 200 rules × an order of 50 lines (${int(rules.evaluator.runs)} runs)`,
          measured: `p99 ${rules.evaluator.p99Ms.toFixed(3)} ms (p50 ${rules.evaluator.p50Ms.toFixed(3)} ms)`,
          budget: `p99 ≤ ${String(BUDGET.evaluatorP99Ms)} ms`,
          met: rules.evaluator.p99Ms <= BUDGET.evaluatorP99Ms,
          stamp: rules,
        },
      ]
    : [];
  return [
    ...evaluator,
    ...rules.drafts.map((draft) => ({
      figure: `Rules simulator, ${draft.name}, ${int(draft.requests)} requests, SQLite (median of ${String(draft.runs.length)})`,
      measured: `${seconds(draft.ms)} (${int(draft.changed)} changed, money difference ${int(draft.moneyDifference)} minor units)`,
      budget,
      met:
        draft.requests >= 10_000
          ? draft.ms <= BUDGET.simulatorMs
          : (draft.ms * 10_000) / draft.requests <= BUDGET.simulatorMs,
      stamp: rules,
    })),
  ];
}
