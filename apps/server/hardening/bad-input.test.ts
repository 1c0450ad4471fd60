import { calls, MERCHANT_BASE, merchantRoutes, type CallDef } from '@return-center/contract';
import { present } from '@return-center/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, shop, submitReturn, type TestApp } from '../test/helper.js';

const BODIES_PER_CALL = 1000;

/** Values that have broken servers before: huge and odd numbers, NUL, long text, prototype keys, wrong types. */
const hostile = fc.oneof(
  fc.constantFrom(
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 53,
    1e308,
    -0,
    Number.NaN,
    '\u0000',
    'a\u0000b',
    'x'.repeat(100_000),
    '__proto__',
    'toString',
    '../../etc/passwd',
    "'; drop table orders; --",
    '<script>alert(1)</script>',
    '#1001',
    shop,
    null,
    true,
    [],
    {},
    { __proto__: { admin: true } },
  ),
  fc.anything({ maxDepth: 3 }),
);

/** A body shaped like the schema (its own keys), with hostile values, sometimes extra keys, sometimes no object. */
function bodies(schema: unknown, seed: number): unknown[] {
  const inner = (schema as { unwrap?: () => unknown } | undefined)?.unwrap?.() ?? schema;
  const shape = (inner as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
  const keys = [...Object.keys(shape), 'constructor', '__proto__', 'extra'];
  const objectBody = fc.dictionary(fc.constantFrom(...keys), hostile, { maxKeys: keys.length });
  const anyBody = fc.oneof(
    { weight: 8, arbitrary: objectBody },
    { weight: 1, arbitrary: fc.anything() },
    { weight: 1, arbitrary: fc.array(hostile, { maxLength: 3 }) },
  );
  return fc.sample(anyBody, { numRuns: BODIES_PER_CALL, seed });
}

const isCall = (value: unknown): value is CallDef =>
  typeof value === 'object' && value !== null && 'payload' in value && 'method' in value && 'name' in value;
const allCalls: CallDef[] = Object.values(calls as Record<string, unknown>).filter(isCall);

/** Query values as a URL carries them: strings, at most 2,000 characters. */
const asQuery = (body: unknown) =>
  Object.fromEntries(
    Object.entries(typeof body === 'object' && body !== null ? body : {}).map(([k, v]) => [
      k,
      String(v).slice(0, 2000),
    ]),
  );

const expectEnvelope = (response: { statusCode: number; json: () => unknown }, what: unknown) => {
  // JSON.stringify answers undefined for undefined (a generated body may be one).
  expect(response.statusCode, (JSON.stringify(what) as string | undefined)?.slice(0, 300)).toBeLessThan(500);
  const answer = response.json() as { code: unknown; msg: unknown };
  expect(typeof answer.code, JSON.stringify(answer).slice(0, 300)).toBe('number');
  expect(typeof answer.msg).toBe('string');
};

/** Path ids a client could send: hostile numbers and strings, URL-encoded. */
const hostileIds = fc.sample(
  fc.oneof(hostile, fc.integer(), fc.string()).map((value) => encodeURIComponent(String(value).slice(0, 2000)) || '0'),
  { numRuns: BODIES_PER_CALL, seed: 104729 },
);

describe.each(dialects)('generated bad input on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  let requestId: number;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    ({ token, requestId } = await submitReturn(t));
  });
  afterAll(() => t.close());

  it.each(allCalls.map((call) => [call.name, call] as const))(
    `${BODIES_PER_CALL} bodies for %s: never a server error, always the envelope`,
    async (_name, call) => {
      const statuses = new Map<number, number>();
      for (const body of bodies(call.payload, call.name.length * 7919)) {
        const url = (call as CallDef & { path: string }).path;
        const response =
          call.method === 'GET'
            ? await t.app.inject({
                method: 'GET',
                url,
                query: asQuery(body),
                headers: { authorization: `Bearer ${token}` },
              })
            : await t.app.inject({
                method: 'POST',
                url,
                payload: JSON.stringify(body ?? null),
                headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
              });
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        expectEnvelope(response, body);
      }
      expect([...statuses.values()].reduce((a, b) => a + b, 0)).toBe(BODIES_PER_CALL);
    },
  );

  const merchantCalls = Object.entries(merchantRoutes).map(([name, route]) => [name, route] as const);
  it.each(merchantCalls)(
    `merchant API %s: ${BODIES_PER_CALL} hostile bodies, queries and ids, never a server error`,
    async (name, route) => {
      const schema = 'body' in route ? route.body : 'query' in route ? route.query : undefined;
      const generated = bodies(schema, name.length * 104729);
      for (const [index, body] of generated.entries()) {
        const path = route.path.replace(
          '{id}',
          index % 2 === 0 ? present(hostileIds[index], 'hostile id') : String(requestId),
        );
        const response = await t.app.inject({
          method: route.method,
          url: MERCHANT_BASE + path,
          ...(route.method === 'GET' ? { query: asQuery(body) } : { payload: JSON.stringify(body ?? null) }),
          headers: {
            authorization: 'Bearer demo-merchant-key',
            ...(route.method === 'GET' ? {} : { 'content-type': 'application/json' }),
          },
        });
        expectEnvelope(response, { path, body });
      }
    },
  );
});
