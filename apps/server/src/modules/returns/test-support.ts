import { randomUUID } from 'node:crypto';
import { calls, SolutionId } from '@return-center/contract';
import { present } from '@return-center/domain';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { buildTestApp, patchSettings, shop, type TestApp } from '../../../test/helper.js';
import type { Dialect } from '../../db/database.js';
import { LocalStorePlatform } from '../../adapters/store-platform/local.js';

/** Alice signed in to the demo shop with #1001 open: what each return-flow test starts from. */
export interface ReturnFlow {
  t: TestApp;
  token: string;
  orderId: number;
  lines: {
    title: string;
    line_item_id: number;
    product_id: number;
    variant: { product_id: number; variant_id: number };
  }[];
}

/** A fresh app and Alice's #1001 before each test, handed to `use`; the ways the tests submit and read. */
export function returnFlow(dialect: Dialect, use: (flow: ReturnFlow) => void) {
  let flow: ReturnFlow;
  beforeEach(async () => {
    const t = await buildTestApp(dialect);
    const token = (await t.call(calls.login, { shop_url: shop, email: 'alice@example.com', order_number: '#1001' }))
      .body.data.token;
    const orderId = present((await t.call(calls.index, {}, token)).body.data.list[0], 'first order').id;
    const info = await t.call(calls.orderInfo, { order_id: orderId }, token);
    flow = { t, token, orderId, lines: [...info.body.data.yes, ...info.body.data.no] };
    use(flow);
  });
  afterEach(() => flow.t.close());

  /** The demo shop's store, as the server sees it, and the shop's id there. */
  const platform = () => new LocalStorePlatform(flow.t.db, flow.t.clock);
  const shopId = async () =>
    (await flow.t.db.selectFrom('shops').select('id').where('shop_url', '=', shop).executeTakeFirstOrThrow()).id;
  const line = (title: string) =>
    present(
      flow.lines.find((l) => l.title === title),
      title,
    );
  const product = (title: string, quantity = 1, reason_id = 5, provide_proof: string[] = []) => ({
    id: line(title).line_item_id,
    order_product_id: line(title).line_item_id,
    quantity,
    change: null,
    reason: { reason_id, reason_text: '', reason_group_id: 1, reason_description: 'Too small', provide_proof },
  });
  const submit = (overrides: Record<string, unknown> = {}) =>
    flow.t.call(
      calls.setReturnOrder,
      {
        order_id: flow.orderId,
        solution_id: 1,
        shipping_method_id: 2,
        idempotency_key: randomUUID(),
        order_product: [product('Linen Shirt')],
        ...overrides,
      },
      flow.token,
    );
  const setReturnSetting = (patch: Record<string, unknown>) =>
    patchSettings(flow.t, (settings) => Object.assign(settings.return_setting, patch));
  return { platform, shopId, line, product, submit, setReturnSetting };
}

/** The demo shop selling exchanges (no bonus credit), one app for all tests, and size 43 with 3 pairs before each. */
export interface ExchangeScene {
  t: TestApp;
  shopId: number;
  size43: number;
}

/** Opens the exchange scene for the enclosing `describe`, handing it to `use`; the ways the tests reach the shop. */
export function exchangeScene(dialect: Dialect, use: (scene: ExchangeScene) => void) {
  const scene = {} as ExchangeScene;
  const platform = () => new LocalStorePlatform(scene.t.db, scene.t.clock);
  beforeAll(async () => {
    scene.t = await buildTestApp(dialect);
    scene.shopId = present(await scene.t.app.ctx.services.storefront.shops.byUrl(shop), 'demo shop').id;
    await patchSettings(scene.t, (settings) => {
      settings.solutions = [SolutionId.RefundOriginal, SolutionId.Exchange];
      // The exchange maths alone: the demo's bonus credit has tests of its own (credit-bonus.test.ts).
      settings.return_setting.credit_bonus.value = 0;
    });
  });
  afterAll(() => scene.t.close());

  const sneakers = async () =>
    present(
      (await platform().listProducts(scene.shopId, { search: 'canvas sneakers', limit: 1 })).products[0],
      'Canvas Sneakers',
    );
  const size = async (option: string) =>
    present(
      (await sneakers()).variants.find((v) => v.options[0] === option),
      `size ${option}`,
    );
  const setStock = (variantId: number, stock: number) =>
    scene.t.db.updateTable('variants').set({ inventory_quantity: stock }).where('id', '=', variantId).execute();
  /** Someone else's copy of #1001 (Bob's #9001 unless told), fed as the store would (a second time it is an update). */
  const copyOf1001 = async (number = '9001', email = 'bob@example.com') => {
    const alices = present(
      await scene.t.db
        .selectFrom('orders')
        .select('id')
        .where('order_name', '=', '#1001')
        .where('shop_id', '=', scene.shopId)
        .executeTakeFirst(),
      '#1001',
    );
    const fed = present(await platform().feedOrderOf(scene.shopId, alices.id), '#1001 as fed');
    const [saved] = await platform().upsertOrders(scene.shopId, [
      {
        ...fed,
        id: number,
        name: `#${number}`,
        number,
        email,
        phone: '',
        lines: fed.lines.map((line) => ({ ...line, id: `${number}-${line.id}` })),
      },
    ]);
    expect(saved).not.toHaveProperty('error');
  };

  /** The merchant rejects the request (which also leaves the order free for the next test's return). */
  const reject = async (requestId: number) => {
    const demo = present(await scene.t.app.ctx.services.storefront.shops.byUrl(shop), 'demo shop');
    await scene.t.app.ctx.services.lifecycle.transition(demo, requestId, 'reject', 'merchant', { reason: 'Worn' });
    await scene.t.app.ctx.worker.runDue();
  };

  beforeEach(async () => {
    scene.size43 = (await size('43')).id;
    await setStock(scene.size43, 3);
    use(scene);
  });
  return { platform, sneakers, size, setStock, copyOf1001, reject };
}
