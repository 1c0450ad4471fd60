import {
  Code,
  MERCHANT_BASE,
  merchantPath,
  merchantRoutes,
  type Envelope,
  type MerchantRouteName,
  type ReturnRule,
  type RuleSet,
  type Simulation,
} from '@return-center/contract';
import { present } from '@return-center/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  addShop,
  buildTestApp,
  dialects,
  shop,
  signInConsole,
  submitReturn,
  type TestApp,
} from '../../../test/helper.js';

const KEY = 'demo-merchant-key';
const noLists = { emails: [], addresses: [], order_patterns: [] };
const rule = (id: string, actions: ReturnRule['actions'], conditions: ReturnRule['conditions'] = []): ReturnRule => ({
  id,
  name: `Rule ${id}`,
  enabled: true,
  match: 'all',
  conditions,
  actions,
});
const tagAll = rule('tag-all', [{ type: 'tag', tag: 'seen' }]);
const noSale = rule(
  'no-sale',
  [{ type: 'deny', message: { text: 'Sale items are final', translations: {} } }],
  [{ field: 'collection', op: 'in', values: ['Sale'] }],
);

/** Who may read and change a shop's rules (issue 32): staff read, the owner and the shop's key write, no one else. */
describe.each(dialects)('rules callers and the simulator on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect);
  });
  afterEach(() => t.close());

  async function send<T = unknown>(name: MerchantRouteName, payload?: unknown, headers = {}, id = '') {
    const route = merchantRoutes[name];
    const reply = await t.app.inject({
      method: route.method,
      url: MERCHANT_BASE + route.path.replace('{id}', id),
      headers: { authorization: `Bearer ${KEY}`, ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { name, status: reply.statusCode, etag: reply.headers.etag, body: reply.json<Envelope<T>>() };
  }
  const stored = async () => (await send<RuleSet>('getRules')).body.data;

  it('lets staff in the console read and simulate the rules but not change them; the owner saves over the ETag', async () => {
    const shopId = present(await t.app.ctx.services.storefront.shops.byUrl(shop), 'demo shop').id;
    const password = 'a long enough password';
    await t.app.ctx.services.staff.createAccount({
      shopId,
      email: 'sam@shop.example',
      name: 'Sam',
      role: 'staff',
      password,
    });
    const sam = await signInConsole(t, { email: 'sam@shop.example', password });
    const read = await sam.send('GET', merchantPath('getRules'));
    expect([read.status, read.headers.etag]).toEqual([200, '"0"']);
    const simulated = await sam.send('POST', merchantPath('simulateRules'), { rules: { rules: [tagAll] } });
    expect(simulated.status).toBe(200);
    const writes = [
      await sam.send('PUT', merchantPath('putRules'), { rules: [tagAll], lists: noLists }),
      await sam.send('POST', merchantPath('createRule'), tagAll),
      await sam.send('PUT', merchantPath('updateRule', 'final-sale'), { ...tagAll, id: 'final-sale' }),
      await sam.send('POST', merchantPath('reorderRules'), { ids: ['final-sale', 'return-window'] }),
    ];
    expect(writes.map((answer) => answer.status)).toEqual([403, 403, 403, 403]);
    expect((await stored()).version).toBe(0);

    const owner = await signInConsole(t);
    const etag = String((await owner.send('GET', merchantPath('getRules'))).headers.etag);
    const saved = await owner.send('POST', merchantPath('createRule'), tagAll, { 'if-match': etag });
    expect([saved.status, saved.headers.etag]).toEqual([200, '"1"']);
    const stale = await owner.send('POST', merchantPath('reorderRules'), { ids: [] }, { 'if-match': etag });
    expect([stale.status, stale.body.code]).toEqual([412, Code.SettingsConflict]);
    expect((await stored()).rules.map((entry) => entry.id)).toEqual(['return-window', 'final-sale', 'tag-all']);
  });

  it("never shows or changes one shop's rules through another shop's key", async () => {
    await send('putRules', { rules: [tagAll, noSale], lists: { ...noLists, emails: ['mallory@example.com'] } });
    const other = { authorization: `Bearer ${(await addShop(t)).apiKey}` };
    const theirs = await send<RuleSet>('getRules', undefined, other);
    expect(theirs.body.data.rules.map((entry) => entry.id)).toEqual(['return-window', 'final-sale']);
    expect(theirs.body.data.lists.emails).toEqual([]);
    expect((await send('updateRule', noSale, other, 'no-sale')).status).toBe(404);
    expect((await send('reorderRules', { ids: ['no-sale', 'tag-all'] }, other)).status).toBe(422);
    expect((await send('createRule', tagAll, other)).status).toBe(200);
    const ours = await stored();
    expect([ours.version, ours.rules.map((entry) => entry.id), ours.lists.emails]).toEqual([
      1,
      ['tag-all', 'no-sale'],
      ['mallory@example.com'],
    ]);
  });

  it('refuses a write whose resulting set does not fit, naming the field, and keeps the set', async () => {
    await send('putRules', { rules: [tagAll], lists: noLists });
    const badDays = await send<{ errors: { field: string }[] }>('createRule', {
      ...rule('short', [{ type: 'window', days: 0 }]),
    });
    expect([badDays.status, badDays.body.data.errors.map((error) => error.field)]).toEqual([400, ['actions.0.days']]);
    const badId = await send<{ errors: { field: string }[] }>('createRule', { ...tagAll, id: 'Not An Id' });
    expect(badId.body.data.errors.map((error) => error.field)).toEqual(['id']);
    const twice = await send<{ errors: { field: string }[] }>('putRules', { rules: [tagAll, tagAll] });
    expect([twice.status, twice.body.data.errors.map((error) => error.field)]).toEqual([400, ['rules']]);
    const third = rule('third', [{ type: 'restocking_fee', mode: 'percent', value: 150, per: 'item', waive_for: [] }]);
    const many = await send<{ errors: { field: string }[] }>('putRules', { rules: [tagAll, noSale, third] });
    expect(many.body.data.errors.map((error) => error.field)).toEqual(['rules.2.actions.0']);
    expect((await send('updateRule', { ...tagAll, actions: [] }, {}, 'tag-all')).status).toBe(400);
    expect(await stored()).toEqual({ version: 1, rules: [tagAll], lists: noLists });
  });

  it('simulates denying the Sale collection on the demo history: the changed request, its money, nothing saved', async () => {
    // Carol returns one of #1004's two T-shirts (in "Sale"); Alice her shirt (not); Dave's shoes are seeded.
    const carol = await submitReturn(t, { email: 'carol@example.com', order: '#1004', title: 'Cotton T-Shirt' });
    await submitReturn(t);
    const before = await t.db.selectFrom('return_requests').select(['id', 'status', 'money']).orderBy('id').execute();
    const draft = { rules: [...(await stored()).rules, noSale], lists: noLists };
    const tried = await send<Simulation>('simulateRules', { rules: draft, limit: 10 });
    expect(tried.status).toBe(200);
    const simulation = tried.body.data;
    expect([simulation.requests, simulation.changed]).toEqual([3, 1]);
    const example = present(simulation.examples[0], 'the T-shirt');
    expect([example.request_id, example.order_no]).toEqual([carol.requestId, '#1004']);
    expect([example.before.denied_units, example.after.denied_units]).toEqual([0, 1]);
    expect(example.after.rules).toContain('Rule no-sale');
    expect(example.before.total).toBeGreaterThan(0);
    expect(example.after.total).toBe(0);
    expect(simulation.money_difference).toBe(-example.before.total);
    expect(simulation.after.denied_units - simulation.before.denied_units).toBe(1);

    const limited = await send<Simulation>('simulateRules', { rules: draft, limit: 1 });
    expect([limited.body.data.requests, limited.body.data.changed]).toEqual([1, 0]);
    expect((await stored()).version).toBe(0);
    expect(await t.db.selectFrom('return_requests').select(['id', 'status', 'money']).orderBy('id').execute()).toEqual(
      before,
    );
  });

  it("simulates a serial-returner rule with each shopper's history as it was when they asked", async () => {
    const first = await submitReturn(t);
    await send('reject', { reason: 'Worn' }, {}, String(first.requestId));
    t.clock.advance(60_000);
    const again = await submitReturn(t);
    const serial = rule(
      'serial',
      [{ type: 'flag', reason: 'returns often' }],
      [{ field: 'history_returns', op: 'gte', value: 1, days: 90 }],
    );
    const draft = { rules: [...(await stored()).rules, serial], lists: noLists };
    const tried = await send<Simulation>('simulateRules', { rules: draft });
    const simulation = tried.body.data;
    // Only Alice's second request had one before it; Dave's seeded request and Alice's first had none.
    expect([simulation.requests, simulation.changed, simulation.after.flagged]).toEqual([3, 1, 1]);
    expect(simulation.examples.map((example) => [example.request_id, example.after.flagged])).toEqual([
      [again.requestId, true],
    ]);
    expect(simulation.money_difference).toBe(0);

    // Alice has two orders: before her first request none had a return (0 %), before her second one had (50 %).
    const rate = rule(
      'rate',
      [{ type: 'flag', reason: 'returns half' }],
      [{ field: 'return_rate', op: 'gte', value: 50 }],
    );
    const byRate = { rules: [...(await stored()).rules, rate], lists: noLists };
    const rated = (await send<Simulation>('simulateRules', { rules: byRate })).body.data;
    expect(rated.examples.map((example) => example.request_id)).toEqual([again.requestId]);
  });

  it('lists the rule routes in the OpenAPI document with the refusals they answer', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/merchant/docs/openapi.json' })).json<{
      paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>;
    }>();
    const listed = (name: MerchantRouteName) => {
      const route = merchantRoutes[name];
      const operation = doc.paths[MERCHANT_BASE + route.path]?.[route.method.toLowerCase()];
      expect(operation?.operationId).toBe(name);
      return Object.keys(operation?.responses ?? {});
    };
    const answers = [
      await send('getRules'),
      await send('putRules', { rules: [tagAll] }, { 'if-match': '"0"' }),
      await send('putRules', { rules: [tagAll] }, { 'if-match': '"0"' }),
      await send('putRules', { rules: 'none' }),
      await send('createRule', tagAll),
      await send('updateRule', { ...tagAll, id: 'nope' }, {}, 'nope'),
      await send('updateRule', noSale, {}, 'tag-all'),
      await send('reorderRules', { ids: ['nope'] }),
      await send('simulateRules', { rules: { rules: [] }, limit: 0 }),
      await send('simulateRules', { rules: { rules: [] } }, { authorization: 'Bearer not-a-key-of-any-shop' }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 412, 400, 409, 404, 422, 422, 400, 401]);
    for (const answer of answers) expect(listed(answer.name), answer.name).toContain(String(answer.status));
    expect(listed('createRule')).toEqual(['200', '400', '401', '409', '412', '413', '415', '429']);
  });
});
