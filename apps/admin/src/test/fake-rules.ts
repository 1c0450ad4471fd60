import {
  Code,
  ruleSetBody,
  SETTINGS_VERSION_HEADER,
  simulateBody,
  SolutionId,
  type RuleSet,
  type RuleSetBody,
  type SimulatedOutcome,
  type Simulation,
} from '@return-center/contract';
import { evaluateRules, ruleFees, type RuleFacts, type RuleItemFacts } from '@return-center/domain';
import type { z } from 'zod';
import { merchantRoute, ok, refuse, type FakeServer, type Reply } from './fake-server';

const DAY = 86_400;
const NOW = 1_790_000_000;

const item = (lineId: number, price: number, collections: string[], tags: string[] = []): RuleItemFacts => ({
  lineId,
  price,
  quantity: 1,
  productType: 'Apparel',
  tags,
  collections,
  sku: `SKU-${String(lineId)}`,
  vendor: 'Fernhill',
  reasonId: 1,
  reasonGroupId: 1,
  photos: 0,
  description: '',
});

/** One of the shop's past requests as the server would read it back for the simulator. */
interface PastRequest {
  id: number;
  orderNo: string;
  facts: RuleFacts;
}

function past(id: number, email: string, value: number, items: RuleItemFacts[], solutionId: number): PastRequest {
  return {
    id,
    orderNo: `#${String(1000 + id)}`,
    facts: {
      now: NOW - id * DAY,
      order: {
        number: String(1000 + id),
        email,
        createdAt: NOW - (id + 10) * DAY,
        deliveredAt: NOW - (id + 6) * DAY,
        value,
        tags: [],
        discountCodes: [],
        country: 'US',
        region: 'CA',
        address: '12 Elm Street, 94105',
      },
      items,
      shopper: { requests: [], orders: 1, ordersWithReturn: 0 },
      lists: { emails: [], addresses: [], order_patterns: [] },
      solutionId,
      methodId: 2,
    },
  };
}

/** The demo shop's latest requests, newest first: a sale item, a big order, an exchange and a plain refund. */
export const PAST_REQUESTS: readonly PastRequest[] = [
  past(7, 'sam@example.com', 4500, [item(71, 4500, ['Sale'])], SolutionId.RefundOriginal),
  past(
    8,
    'kim@example.com',
    25_000,
    [item(81, 12_500, ['Summer']), item(82, 12_500, ['Summer'])],
    SolutionId.RefundOriginal,
  ),
  past(9, 'lee@example.com', 6000, [item(91, 6000, ['Summer'])], SolutionId.Exchange),
  past(10, 'ash@example.com', 3000, [item(101, 3000, ['Basics'])], SolutionId.RefundOriginal),
];

/** What one rule set decides for a past request: the real evaluator and fee rules over the fixture's facts. */
function outcomeOf(set: RuleSetBody, request: PastRequest): SimulatedOutcome {
  const facts = { ...request.facts, lists: set.lists };
  const decision = evaluateRules(set.rules, facts);
  const feeItems = facts.items.map((i) => ({ lineId: i.lineId, quantity: i.quantity, base: i.price * i.quantity }));
  const fees = ruleFees(decision, facts.solutionId, feeItems).reduce((sum, fee) => sum + fee.amount, 0);
  const denied = decision.items.filter((i) => i.denied).length;
  const review = decision.review?.decision ?? 'person';
  const refused = denied > 0 || decision.block !== null || review === 'reject';
  const paid = facts.items.reduce((sum, i) => sum + i.price * i.quantity, 0);
  return {
    allowed_units: facts.items.length - denied,
    denied_units: denied,
    fees,
    total: refused ? 0 : Math.max(0, paid - fees),
    review,
    flagged: decision.flags.length > 0,
    blocked: decision.block !== null,
    rules: decision.decidedBy.map((rule) => rule.name),
  };
}

const totals = (outcomes: SimulatedOutcome[]): Simulation['before'] => ({
  allowed_units: outcomes.reduce((sum, o) => sum + o.allowed_units, 0),
  denied_units: outcomes.reduce((sum, o) => sum + o.denied_units, 0),
  auto_approved: outcomes.filter((o) => o.review === 'approve').length,
  auto_rejected: outcomes.filter((o) => o.review === 'reject').length,
  flagged: outcomes.filter((o) => o.flagged).length,
  blocked: outcomes.filter((o) => o.blocked).length,
  fees: outcomes.reduce((sum, o) => sum + o.fees, 0),
  total: outcomes.reduce((sum, o) => sum + o.total, 0),
});

/** The stored rules and the draft tried on the latest `limit` past requests, as the server's simulator answers. */
export function simulate(stored: RuleSetBody, draft: RuleSetBody, limit: number): Simulation {
  const tried = PAST_REQUESTS.slice(0, limit);
  const before = tried.map((request) => outcomeOf(stored, request));
  const after = tried.map((request) => outcomeOf(draft, request));
  const same = (a: SimulatedOutcome, b: SimulatedOutcome) =>
    JSON.stringify({ ...a, rules: [] }) === JSON.stringify({ ...b, rules: [] });
  const examples = tried.flatMap((request, index) => {
    const [was, would] = [before[index], after[index]];
    if (!was || !would || same(was, would)) return [];
    return [{ request_id: request.id, order_no: request.orderNo, before: was, after: would }];
  });
  const [b, a] = [totals(before), totals(after)];
  return {
    requests: tried.length,
    changed: examples.length,
    before: b,
    after: a,
    money_difference: a.total - b.total,
    currency: 'USD',
    examples,
  };
}

/** A body the contract refuses, answered as the server does: 400, code 1001, the field named. */
function refused(error: z.ZodError): Reply {
  const [issue] = error.issues;
  return refuse(400, Code.InvalidInput, `${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`);
}

/**
 * The merchant API's rule routes at the network: the rules read with their version as ETag, a save over a stale
 * `If-Match` refused (412, code 1092), bodies checked by the contract, and the simulator deciding with the real
 * evaluator over PAST_REQUESTS. `someoneSaves` stands for another owner saving in between.
 */
export function withRules(server: FakeServer, body: z.input<typeof ruleSetBody>, version = 3) {
  let current: RuleSet = { version, ...ruleSetBody.parse(body) };
  const etag = () => `"${String(current.version)}"`;
  const store = (next: RuleSetBody) => {
    current = { version: current.version + 1, ...next };
    return ok(merchantRoute('putRules'), current, { etag: etag() });
  };
  server.on(merchantRoute('getRules'), () => ok(merchantRoute('getRules'), current, { etag: etag() }));
  server.on(merchantRoute('putRules'), (request) => {
    if (request.headers[SETTINGS_VERSION_HEADER] !== etag())
      return refuse(412, Code.SettingsConflict, 'The rules were saved by someone else since you read them');
    const parsed = ruleSetBody.safeParse(request.body);
    return parsed.success ? store(parsed.data) : refused(parsed.error);
  });
  server.on(merchantRoute('simulateRules'), (request) => {
    const parsed = simulateBody.safeParse(request.body);
    if (!parsed.success) return refused(parsed.error);
    return ok(merchantRoute('simulateRules'), simulate(current, parsed.data.rules, parsed.data.limit));
  });
  return {
    get current() {
      return current;
    },
    someoneSaves(next: z.input<typeof ruleSetBody>) {
      store(ruleSetBody.parse(next));
    },
  };
}
