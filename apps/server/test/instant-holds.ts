import { calls, Code, SolutionId } from '@return-center/contract';
import { oneLineReturn } from '@return-center/contract/sample-return';
import { present } from '@return-center/domain';
import { expect } from 'vitest';
import { LocalStorePlatform } from '../src/adapters/store-platform/local.js';
import { answerSandbox } from './checkout.js';
import { buildTestApp, patchSettings, shop, type TestApp } from './helper.js';
import type { Dialect } from '../src/db/database.js';

/** The test app, its demo shop offering refunds and instant exchanges (ADR 047), with no credit bonus. */
export async function instantExchangeApp(dialect: Dialect): Promise<TestApp> {
  const t = await buildTestApp(dialect);
  await patchSettings(t, (settings) => {
    settings.solutions = [SolutionId.RefundOriginal, SolutionId.Exchange];
    settings.return_setting.credit_bonus.value = 0;
    settings.instant_exchange = { enabled: true, capture_after_days: 14 };
  });
  return t;
}

/** The sandbox provider of the test app (the default). */
export const sandboxOf = (t: TestApp) => present(t.app.ctx.services.payments.sandbox, 'the sandbox provider');

/** Every payment at the sandbox: our key of it, its state, and the key it was settled with. */
export const holdsAt = async (t: TestApp) =>
  (await sandboxOf(t).payments()).map((p) => ({ key: p.idempotencyKey, state: p.state, settleKey: p.settleKey }));

/** The demo shop's instant-exchange hold records (instant_holds), by draft. */
export const holdRecords = (t: TestApp) =>
  t.db.selectFrom('instant_holds').select(['draft_id', 'state']).orderBy('created_at').execute();

/**
 * Alice, signed in to #1001, about to swap her sneakers for another size (ADR 047): a choice of size, its hold step
 * with her authorising the hold on the sandbox's page, and the submit (the jobs it queues run).
 */
export async function aliceSwapsSneakers(t: TestApp) {
  const token = (await t.call(calls.login, { shop_url: shop, email: 'alice@example.com', order_number: '#1001' })).body
    .data.token;
  const orderId = present((await t.call(calls.index, {}, token)).body.data.list[0], 'first order').id;
  const info = (await t.call(calls.orderInfo, { order_id: orderId }, token)).body.data;
  const lineId = present(
    info.yes.find((l) => l.title === 'Canvas Sneakers'),
    'sneakers',
  ).line_item_id;
  const platform = new LocalStorePlatform(t.db, t.clock);
  const shopId = present(await t.app.ctx.services.storefront.shops.byUrl(shop), 'demo shop').id;
  const sneakers = present(
    (await platform.listProducts(shopId, { search: 'canvas sneakers', limit: 1 })).products[0],
    'sneakers',
  );
  const size = (option: string) =>
    present(
      sneakers.variants.find((v) => v.options[0] === option),
      option,
    ).id;
  const choice = (option: string, key: string) => ({
    order_id: orderId,
    refund_line_items: [{ line_item_id: lineId, quantity: 1 }],
    exchange_line_items: [{ variant_id: size(option), quantity: 1 }],
    idempotency_key: key,
  });
  /** The hold step for a choice, and the shopper authorising the hold on the provider's page. */
  const authorise = async (wanted: ReturnType<typeof choice>) => {
    const started = (await t.call(calls.exchangeHold, wanted, token)).body;
    expect(started.code, started.msg).toBe(Code.Success);
    await answerSandbox(t, started.data.pay_url, 'authorise');
    return {
      draftId: started.data.draft_order_id,
      key: `exchange-hold:${String(shopId)}:${started.data.draft_order_id}`,
    };
  };
  const submit = async (key: string, fields: Record<string, unknown>) => {
    const { body } = await t.call(
      calls.setReturnOrder,
      oneLineReturn({ orderId, lineId, idempotencyKey: key }, { fields: { type: 2, ...fields } }),
      token,
    );
    await t.app.ctx.worker.runDue();
    return body;
  };
  return { shopId, orderId, choice, authorise, submit };
}
