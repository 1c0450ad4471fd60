import { calls, Code } from '@return-center/contract';
import { present } from '@return-center/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, shop, type TestApp } from '../test/helper.js';

const SAMPLES = 200;
const median = (values: number[]) =>
  present([...values].sort((a, b) => a - b)[Math.floor(values.length / 2)], 'median of no values');
let address = 0;
/** Every try from a fresh documentation address, so the per-address limits stay out of the measurement. */
const nextIp = () => `198.18.${Math.floor(++address / 250) % 250}.${(address % 250) + 1}`;

async function timed(t: TestApp, call: Parameters<TestApp['call']>[0], payload: Record<string, unknown>) {
  const start = process.hrtime.bigint();
  const answer = await t.call(call, payload, undefined, nextIp());
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, answer };
}

/**
 * Two kinds of request that must be indistinguishable: the same status and body, and a median time within 5 ms,
 * measured interleaved so that drift in the machine hits both alike.
 */
async function compare(
  t: TestApp,
  first: () => Promise<{ ms: number; answer: { status: number; body: unknown } }>,
  second: () => Promise<{ ms: number; answer: { status: number; body: unknown } }>,
  between: (round: number) => void = () => {},
) {
  const times: [number[], number[]] = [[], []];
  for (let round = 0; round < SAMPLES; round++) {
    between(round);
    const a = await first();
    const b = await second();
    expect(b.answer.status).toBe(a.answer.status);
    expect(b.answer.body).toEqual(a.answer.body);
    times[0].push(a.ms);
    times[1].push(b.ms);
  }
  const difference = Math.abs(median(times[0]) - median(times[1]));
  console.log(`median ${median(times[0]).toFixed(2)} ms vs ${median(times[1]).toFixed(2)} ms`);
  expect(difference).toBeLessThan(5);
}

describe.each(dialects)('enumeration on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(() => t.close());
  // The one-minute slow-down per order number would answer 429 partway; time moves on as a real minute would.
  const nextMinuteEvery = (n: number) => (round: number) => {
    if (round % n === 0) t.clock.advance(61_000);
  };

  it('an order that exists with the wrong email answers like an order that does not exist', async () => {
    await compare(
      t,
      () => timed(t, calls.login, { shop_url: shop, email: 'mallory@example.com', order_number: '#1001' }),
      () => timed(t, calls.login, { shop_url: shop, email: 'mallory@example.com', order_number: '#9999' }),
      nextMinuteEvery(25),
    );
  });

  it('an emailed code is asked for a customer and a stranger alike', async () => {
    const customers = ['alice@example.com', 'bob@example.com', 'carol@example.com', 'dave@example.com'];
    await compare(
      t,
      () => timed(t, calls.loginCode, { shop_url: shop, email: customers[address % 4], lang: 'en' }),
      () => timed(t, calls.loginCode, { shop_url: shop, email: `stranger${address}@example.com`, lang: 'en' }),
      // Five codes per email per 15 minutes: time moves on a quarter-hour every round of customers.
      (round) => round % 4 === 0 && t.clock.advance(15 * 60_000 + 1000),
    );
    const answer = (await timed(t, calls.loginCode, { shop_url: shop, email: 'alice@example.com', lang: 'en' })).answer;
    expect(answer.body).toEqual({ code: Code.Success, msg: 'ok', data: { expires_in: 600 } });
  });
});
