import autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';
import type { AnswerOf, calls, Envelope } from '@return-center/contract';
import { present } from '@return-center/domain';
import type { AppContext } from '../apps/server/src/app-context.js';
import { copiesOfDemoOrder, DEMO_ORDERS } from '../apps/server/src/db/seed/demo-orders.js';
import { DEMO_SHOP } from '../apps/server/src/db/seed/demo-shop.js';

/**
 * Submits one return per fresh copy of #1001 (one open request per order), through HTTP, and
 * answers the rate. The setup (orders, one email session) is not timed.
 */
export async function benchSubmit(app: FastifyInstance & { ctx: AppContext }, base: string, count: number) {
  const { db, clock, services } = app.ctx;
  const shop = await services.storefront.requireShop(DEMO_SHOP);
  const template = present(
    DEMO_ORDERS.find((o) => o.number === '1001'),
    'demo order #1001',
  );
  const targets = await copiesOfDemoOrder(db, shop.id, template, count, 200_000, Math.floor(clock.nowMs() / 1000));
  await app.inject({
    method: 'POST',
    url: '/go-api/v1/client/loginCode',
    payload: { email: 'alice@example.com', shop_url: DEMO_SHOP },
  });
  const mail = await db.selectFrom('mails').select('text_body').orderBy('id', 'desc').executeTakeFirstOrThrow();
  const code = present(/\b(\d{6})\b/.exec(mail.text_body)?.[1], 'verification code in the login mail');
  const { token } = (
    await app.inject({
      method: 'POST',
      url: '/go-api/v1/client/login',
      payload: { email: 'alice@example.com', code, shop_url: DEMO_SHOP },
    })
  ).json<Envelope<AnswerOf<typeof calls.login>>>().data;

  let next = 0;
  const started = Date.now();
  const result = await autocannon({
    url: `${base}/v1/client/setReturnOrder`,
    connections: 10,
    amount: count,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        setupRequest: (request) => {
          const target = present(targets[next++ % targets.length], 'a copy of #1001 to return');
          return {
            ...request,
            body: JSON.stringify({
              order_id: target.orderId,
              solution_id: 1,
              shipping_method_id: 2,
              idempotency_key: `bench-order-${target.orderId}`,
              order_product: [
                {
                  id: target.lineId,
                  order_product_id: target.lineId,
                  quantity: 1,
                  change: null,
                  reason: {
                    reason_id: 5,
                    reason_text: '',
                    reason_group_id: 1,
                    reason_description: '',
                    provide_proof: [],
                  },
                },
              ],
            }),
          };
        },
      },
    ],
  });
  const seconds = (Date.now() - started) / 1000;
  const created = await db
    .selectFrom('return_requests')
    // A count is a number on SQLite but may come back as a string or bigint from another driver.
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('idempotency_key', 'like', 'bench-%')
    .executeTakeFirstOrThrow();
  return {
    perSecond: Number(created.n) / seconds,
    created: Number(created.n),
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}
