import { Code } from '@return-center/contract';
import { randomInt } from 'node:crypto';
import { present } from '@return-center/domain';
import { z } from 'zod';
import type { AppContext } from '../app-context.js';
import { nowSeconds } from '../clock.js';
import { DEMO_ORDERS, insertDemoOrder } from './demo-orders.js';
import { DEMO_SHOP } from './demo-shop.js';

const body = z.object({ template: z.enum(DEMO_ORDERS.map((o) => o.number) as [string, ...string[]]) });

/**
 * POST /dev/demo-orders (DEV_TOOLS=true only): a fresh copy of a demo order under a new number, so
 * each end-to-end test owns the order it changes.
 */
export function devDemoOrderRoutes({ app, config, db, clock, services }: AppContext): void {
  if (!config.DEV_TOOLS) return;
  app.post('/dev/demo-orders', async (request, reply) => {
    const parsed = body.safeParse(request.body);
    if (!parsed.success)
      return reply
        .status(400)
        .send({ code: Code.InvalidInput, msg: 'template: one of the demo order numbers', data: null });
    // The schema only lets through numbers of DEMO_ORDERS.
    const template = present(
      DEMO_ORDERS.find((o) => o.number === parsed.data.template),
      `demo order ${parsed.data.template}`,
    );
    const shop = await services.storefront.requireShop(DEMO_SHOP);
    for (let attempt = 0; attempt < 5; attempt++) {
      const number = String(randomInt(10_000, 99_999));
      try {
        await insertDemoOrder(db, shop.id, template, number, nowSeconds(clock));
        return {
          code: Code.Success,
          msg: 'ok',
          data: { order_name: `#${number}`, email: template.customer.email, phone: template.customer.phone },
        };
      } catch {
        // Number taken: try another.
      }
    }
    return reply.status(500).send({ code: Code.ServerError, msg: 'Could not create an order', data: null });
  });
}
