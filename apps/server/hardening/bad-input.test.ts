import { calls, type CallDef } from '@return-center/contract';
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

/** A body shaped like the call's payload (its own keys), with hostile values, sometimes extra keys, sometimes no object. */
function bodies(call: CallDef): unknown[] {
  const shape = (call.payload as unknown as { shape?: Record<string, unknown> }).shape ?? {};
  const keys = [...Object.keys(shape), 'constructor', '__proto__', 'extra'];
  const objectBody = fc.dictionary(fc.constantFrom(...keys), hostile, { maxKeys: keys.length });
  const anyBody = fc.oneof(
    { weight: 8, arbitrary: objectBody },
    { weight: 1, arbitrary: fc.anything() },
    { weight: 1, arbitrary: fc.array(hostile, { maxLength: 3 }) },
  );
  return fc.sample(anyBody, { numRuns: BODIES_PER_CALL, seed: call.name.length * 7919 });
}

const isCall = (value: unknown): value is CallDef =>
  typeof value === 'object' && value !== null && 'payload' in value && 'method' in value && 'name' in value;
const allCalls: CallDef[] = Object.values(calls as Record<string, unknown>).filter(isCall);

describe.each(dialects)('generated bad input on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    token = (await submitReturn(t)).token;
  });
  afterAll(() => t.close());

  it.each(allCalls.map((call) => [call.name, call] as const))(
    `${BODIES_PER_CALL} bodies for %s: never a server error, always the envelope`,
    async (_name, call) => {
      const statuses = new Map<number, number>();
      for (const body of bodies(call)) {
        const url = (call as CallDef & { path: string }).path;
        const response =
          call.method === 'GET'
            ? await t.app.inject({
                method: 'GET',
                url,
                query: Object.fromEntries(
                  Object.entries(typeof body === 'object' && body !== null ? body : {}).map(([k, v]) => [
                    k,
                    String(v).slice(0, 2000),
                  ]),
                ),
                headers: { authorization: `Bearer ${token}` },
              })
            : await t.app.inject({
                method: 'POST',
                url,
                payload: JSON.stringify(body ?? null),
                headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
              });
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        expect(response.statusCode, JSON.stringify(body)?.slice(0, 300)).toBeLessThan(500);
        const answer = response.json() as { code: unknown; msg: unknown };
        expect(typeof answer.code).toBe('number');
        expect(typeof answer.msg).toBe('string');
      }
      expect([...statuses.values()].reduce((a, b) => a + b, 0)).toBe(BODIES_PER_CALL);
    },
  );
});
