import { calls, Code, messages, type Envelope } from '@return-center/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildTestApp, dialects, shop } from '../test/helper.js';

const GUESSES = 10_000;
const CLIENTS = 500;

/** One sign-in try from `client`, either straight from its socket or through a trusted proxy on loopback. */
function tryLogin(app: FastifyInstance, client: string, viaProxy: boolean, email: string) {
  return app.inject({
    method: 'POST',
    url: calls.login.path,
    remoteAddress: viaProxy ? '127.0.0.1' : client,
    headers: viaProxy ? { 'x-forwarded-for': client } : {},
    payload: { shop_url: shop, email, order_number: '#1001' },
  });
}

describe.each(dialects.flatMap((dialect) => [false, true].map((viaProxy) => [dialect, viaProxy] as const)))(
  'brute force on %s (through a proxy: %s)',
  (dialect, viaProxy) => {
    it(`${GUESSES} guesses at one order from ${CLIENTS} addresses find nothing, and the shopper still gets in`, async () => {
      const t = await buildTestApp(dialect, viaProxy ? { TRUST_PROXY: '127.0.0.1' } : {});
      try {
        const outcomes = { wrong: 0, limited: 0, success: 0 };
        const limitedBodies = new Set<string>();
        for (let i = 0; i < GUESSES; i++) {
          const client = `198.18.${Math.floor(i / 250) % 2}.${(i % CLIENTS) % 250}`;
          const response = await tryLogin(t.app, client, viaProxy, `guess${i}@example.com`);
          const body = response.json<Envelope<unknown>>();
          if (body.code === Code.RateLimited) {
            outcomes.limited += 1;
            limitedBodies.add(JSON.stringify(body));
          } else if (body.code === Code.OrderNotFound) outcomes.wrong += 1;
          else outcomes.success += 1;
          if (i % 1000 === 999) t.clock.advance(10_000);
        }
        console.log(`${dialect}, proxy ${String(viaProxy)}:`, outcomes);
        expect(outcomes.success).toBe(0);
        // The per-order slow-down answered most of them; the per-client buckets the rest.
        expect(outcomes.limited).toBeGreaterThan(GUESSES * 0.9);
        expect([...limitedBodies]).toEqual([
          JSON.stringify({ code: Code.RateLimited, msg: messages.tooManyAttempts, data: null }),
        ]);
        // Within a minute of the storm, the rightful shopper signs in from their own address.
        t.clock.advance(61_000);
        const shopper = await tryLogin(t.app, '203.0.113.50', viaProxy, 'alice@example.com');
        expect(shopper.json<Envelope<unknown>>().code).toBe(Code.Success);
        // A guessing address stays locked out of this order for the quarter-hour, even with the right email.
        const guesser = await tryLogin(t.app, '198.18.0.7', viaProxy, 'alice@example.com');
        expect(guesser.json<Envelope<unknown>>().code).toBe(Code.RateLimited);
      } finally {
        await t.close();
      }
    });
  },
);
