import { merchantPath, type Envelope, type ReturnRule, type RuleSet, type Simulation } from '@return-center/contract';
import { present } from '@return-center/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addShop, buildTestApp, dialects, shop, submitReturn, type TestApp } from '../../../test/helper.js';

const KEY = { authorization: 'Bearer demo-merchant-key' };
const denyShirts: ReturnRule = {
  id: 'no-shirts',
  name: 'Shirts cannot be returned',
  enabled: true,
  match: 'all',
  conditions: [{ field: 'product_type', op: 'in', values: ['Shirts'] }],
  actions: [{ type: 'deny', message: { text: 'Shirts are final', translations: {} } }],
};
const tagAll: ReturnRule = {
  id: 'tag-all',
  name: 'Tag every return',
  enabled: true,
  match: 'all',
  conditions: [],
  actions: [{ type: 'tag', tag: 'seen' }],
};

/** The merchant API's rules (issue 32): versions like settings, edits that name what is wrong, and the simulator. */
describe.each(dialects)('rules over the merchant API on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect);
  });
  afterEach(() => t.close());

  async function send<T>(method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown, headers = {}) {
    const reply = await t.app.inject({
      method,
      url,
      headers: { ...KEY, ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: reply.statusCode, etag: reply.headers.etag, body: reply.json<Envelope<T>>() };
  }
  const read = () => send<RuleSet>('GET', merchantPath('getRules'));
  const body = (rules: ReturnRule[]) => ({ rules, lists: { emails: [], addresses: [], order_patterns: [] } });

  it('answers a shop that never saved rules with those its settings make, at version 0', async () => {
    const first = await read();
    expect(first.etag).toBe('"0"');
    expect(first.body.data.rules.map((rule) => rule.id)).toEqual(['return-window', 'final-sale']);
  });

  it('saves only over the version it was read at, and two saves from one version cannot both win', async () => {
    const saved = await send<RuleSet>('PUT', merchantPath('putRules'), body([denyShirts]), { 'if-match': '"0"' });
    expect([saved.status, saved.etag, saved.body.data.version]).toEqual([200, '"1"', 1]);
    expect((await read()).body.data.rules).toEqual([denyShirts]);

    const stale = await send('PUT', merchantPath('putRules'), body([]), { 'if-match': '"0"' });
    expect([stale.status, stale.body.code]).toEqual([412, 1092]);
    expect((await read()).body.data.rules).toEqual([denyShirts]);

    const racing = await Promise.all(
      [[tagAll], []].map((rules) => send('PUT', merchantPath('putRules'), body(rules), { 'if-match': '"1"' })),
    );
    expect(racing.map((answer) => answer.status).sort()).toEqual([200, 412]);
    expect((await read()).body.data.version).toBe(2);
  });

  it('adds, replaces and moves single rules, refusing what does not fit the set', async () => {
    await send('PUT', merchantPath('putRules'), body([denyShirts]));
    expect((await send('POST', merchantPath('createRule'), tagAll)).status).toBe(200);
    const twice = await send('POST', merchantPath('createRule'), tagAll);
    expect([twice.status, twice.body.msg]).toEqual([409, 'id: the rules already have one named tag-all']);

    const moved = await send<RuleSet>('POST', merchantPath('reorderRules'), { ids: ['tag-all', 'no-shirts'] });
    expect(moved.body.data.rules.map((rule) => rule.id)).toEqual(['tag-all', 'no-shirts']);
    const partial = await send<{ errors: { field: string }[] }>('POST', merchantPath('reorderRules'), {
      ids: ['tag-all'],
    });
    expect([partial.status, partial.body.data.errors[0]?.field]).toEqual([422, 'ids']);

    const renamed = { ...denyShirts, name: 'No shirts back' };
    const replaced = await send<RuleSet>('PUT', merchantPath('updateRule', 'no-shirts'), renamed);
    expect(replaced.body.data.rules[1]?.name).toBe('No shirts back');
    expect((await send('PUT', merchantPath('updateRule', 'nope'), { ...renamed, id: 'nope' })).status).toBe(404);
    expect((await send('PUT', merchantPath('updateRule', 'no-shirts'), tagAll)).status).toBe(422);
  });

  it('names the field of a rule it refuses, and saves nothing', async () => {
    const tooLong = { ...tagAll, actions: [{ type: 'window', days: 45 }] };
    const refused = await send<{ errors: { field: string }[] }>('PUT', merchantPath('putRules'), {
      rules: [tooLong],
      lists: { emails: [], addresses: [], order_patterns: [] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.data.errors.map((error) => error.field)).toEqual(['rules.0.actions.0.days']);
    expect((await read()).body.data.version).toBe(0);
  });

  it("keeps each shop's rules to its own key", async () => {
    const other = await addShop(t);
    await send('PUT', merchantPath('putRules'), body([denyShirts]));
    const theirs = await send<RuleSet>('GET', merchantPath('getRules'), undefined, {
      authorization: `Bearer ${other.apiKey}`,
    });
    expect(theirs.body.data.version).toBe(0);
  });

  it('tries draft rules on past requests and says what would change, saving nothing', async () => {
    const { requestId } = await submitReturn(t);
    const draft = body([denyShirts]);
    const tried = await send<Simulation>('POST', merchantPath('simulateRules'), { rules: draft, limit: 100 });
    const simulation = tried.body.data;
    // The demo shop's seeded request (#1005's shoes) and Alice's shirt: only the shirt changes.
    expect(simulation.requests).toBe(2);
    expect(simulation.changed).toBe(1);
    const example = present(simulation.examples[0], 'the shirt');
    expect(example.request_id).toBe(requestId);
    expect([example.before.denied_units, example.after.denied_units]).toEqual([0, 1]);
    expect(simulation.money_difference).toBe(-example.before.total);
    expect(example.before.total).toBe(4763);
    expect((await read()).body.data.version).toBe(0);
  });

  it('lets a shop run 30 simulations in ten minutes, then asks it to wait', async () => {
    const draft = { rules: body([denyShirts]), limit: 10 };
    for (let run = 0; run < 30; run++)
      expect((await send('POST', merchantPath('simulateRules'), draft)).status).toBe(200);
    const refused = await send('POST', merchantPath('simulateRules'), draft);
    expect([refused.status, refused.body.code]).toEqual([429, 1029]);
  });

  it('forgets a customer on the block list, and a forgotten shop has no rules left', async () => {
    const lists = { emails: ['alice@example.com', '*@fraud.example'], addresses: [], order_patterns: [] };
    await send('PUT', merchantPath('putRules'), { rules: [], lists });
    const shopId = present(await t.app.ctx.services.storefront.shops.byUrl(shop), 'demo shop').id;
    await t.app.ctx.services.privacy.forgetCustomer(shopId, { email: 'Alice@example.com' });
    expect((await read()).body.data.lists.emails).toEqual(['*@fraud.example']);
    await t.app.ctx.services.privacy.forgetShop(shopId);
    expect(await t.db.selectFrom('return_rules').selectAll().execute()).toEqual([]);
  });
});
