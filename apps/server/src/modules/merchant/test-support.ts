import { randomBytes } from 'node:crypto';
import { calls, Code, feedOrder, MERCHANT_BASE, merchantPath, SolutionId } from '@return-center/contract';
import { oneLineReturn } from '@return-center/contract/sample-return';
import { instantHoldAmount, present } from '@return-center/domain';
import { expect } from 'vitest';
import { csvRecords } from '../../../test/csv.js';
import { answerSandbox, payAtCheckout } from '../../../test/checkout.js';
import { shop, type TestApp } from '../../../test/helper.js';
import { LocalStorePlatform } from '../../adapters/store-platform/local.js';
import type { PlatformProduct } from '../../adapters/store-platform/port.js';
import { nowSeconds } from '../../clock.js';

const KEY = 'demo-merchant-key';
const DAY = 86_400;

/** The line of a shopper's order fed for a test: a variant of the shop at a price, less a discount, with tax. */
export interface FedLine {
  variant: { productId: number; variantId: number; title: string };
  price: number;
  quantity: number;
  discount: number;
  tax: number;
}

/** An exchange as the shopper made it: the request, and what the pay step asked of them. */
export interface MadeExchange {
  requestId: number;
  draftId: string;
  /** What the checkout charged (0 when the credit covered the new items). */
  charged: number;
  /** What the card hold of an instant exchange held at submit (0 for an ordinary exchange). */
  held: number;
}

/** A decimal of the file in minor units of a two-decimal currency (`-12.50` → -1250), exactly. */
export const minorOf = (decimal: string | undefined): number => {
  const match = present(/^(-?)(\d+)\.(\d{2})$/.exec(decimal ?? ''), `a decimal, not ${String(decimal)}`);
  const [, sign, whole, cents] = match;
  return (sign ? -1 : 1) * (Number(whole) * 100 + Number(cents));
};

/**
 * The demo shop's exchanges end to end, as its shoppers and its merchant make them through the real server: orders
 * fed as the store would, the portal's pay step, checkout and submit, the merchant API's actions, and the file.
 */
export function exchangeDesk(t: TestApp) {
  const platform = new LocalStorePlatform(t.db, t.clock);
  let fed = 0;
  const shopId = async () => present(await t.app.ctx.services.storefront.shops.byUrl(shop), 'demo shop').id;
  const product = async (title: string): Promise<PlatformProduct> => {
    const found = await platform.listProducts(await shopId(), { search: title, limit: 1 });
    const match = present(found.products[0], title);
    // Stock never decides these tests.
    await t.db.updateTable('variants').set({ inventory_quantity: 10_000 }).where('product_id', '=', match.id).execute();
    return match;
  };

  /** Feeds a delivered order of one line for a new shopper; answers its number and email. */
  const feed = async (line: FedLine, name?: string) => {
    fed += 1;
    const number = String(70_000 + fed);
    const email = `shopper${String(fed)}@example.com`;
    const now = nowSeconds(t.clock);
    const order = feedOrder.parse({
      id: number,
      name: name ?? `#${number}`,
      number,
      email,
      currency: 'USD',
      created_at: now - 5 * DAY,
      fulfilled_at: now - 4 * DAY,
      delivered_at: now - 2 * DAY,
      lines: [
        {
          id: `${number}-1`,
          product_id: line.variant.productId,
          variant_id: line.variant.variantId,
          title: line.variant.title,
          price: line.price,
          quantity: line.quantity,
          discount: line.discount,
          tax: line.tax,
        },
      ],
    });
    const [saved] = await platform.upsertOrders(await shopId(), [order]);
    expect(saved).not.toHaveProperty('error');
    return { number, email, ip: `10.70.${String(Math.floor(fed / 250))}.${String(fed % 250)}` };
  };

  /** The hold step of an instant exchange, and the shopper authorising it on the sandbox provider's page. */
  const authoriseHold = async (choice: Record<string, unknown>, token: string, ip: string) => {
    const hold = (await t.call(calls.exchangeHold, choice, token, ip)).body;
    expect(hold.code, hold.msg).toBe(Code.Success);
    expect(await answerSandbox(t, hold.data.pay_url, 'authorise')).toContain('/process-manage/exchange/');
  };

  /**
   * The shopper exchanges `quantity` units of their order's line for `items`: the pay step's draft, paid at the local
   * checkout when the credit does not cover it, then (`instant`, when the return's credit pays for some of the new
   * items) the card hold authorised on the sandbox provider's page, then the submit naming the draft.
   */
  const exchange = async (
    order: { number: string; email: string; ip: string },
    quantity: number,
    items: { variant_id: number; quantity: number }[],
    { instant = false } = {},
  ): Promise<MadeExchange> => {
    const login = { shop_url: shop, email: order.email, order_number: order.number };
    const token = (await t.call(calls.login, login, undefined, order.ip)).body.data.token;
    const orderId = present((await t.call(calls.index, {}, token, order.ip)).body.data.list[0], 'order').id;
    const info = (await t.call(calls.orderInfo, { order_id: orderId }, token, order.ip)).body.data;
    const lineId = present(info.yes[0], 'a returnable line').line_item_id;
    const key = randomBytes(12).toString('hex');
    const choice = {
      order_id: orderId,
      refund_line_items: [{ line_item_id: lineId, quantity }],
      exchange_line_items: items,
      idempotency_key: key,
    };
    const made = (await t.call(calls.createDraftOrder, choice, token, order.ip)).body;
    expect(made.code, made.msg).toBe(Code.Success);
    const draft = made.data;
    if (draft.status === 'open') expect((await payAtCheckout(t, draft.checkout_url)).statusCode).toBe(303);
    const held = instant && instantHoldAmount(draft.exchange_credit, draft.total_line_items_price) > 0;
    if (held) await authoriseHold(choice, token, order.ip);
    const submit = oneLineReturn(
      { orderId, lineId, idempotencyKey: key },
      {
        fields: {
          solution_id: SolutionId.Exchange,
          type: 2,
          exchange_line_items: items,
          draft_order_id: draft.draft_order_id,
          ...(held ? { instant_exchange: true } : {}),
        },
      },
    );
    const order_product = submit.order_product.map((line) => ({ ...line, quantity }));
    const { body } = await t.call(calls.setReturnOrder, { ...submit, order_product }, token, order.ip);
    expect(body.code, body.msg).toBe(Code.Success);
    // An instant exchange's order is made at once, before any review (ADR 047).
    if (held) await t.app.ctx.worker.runDue();
    return {
      requestId: body.data.request_id,
      draftId: draft.draft_order_id,
      charged: draft.total_price,
      held: held ? instantHoldAmount(draft.exchange_credit, draft.total_line_items_price) : 0,
    };
  };

  const merchant = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${KEY}` }, ...(payload ? { payload } : {}) });

  /** A merchant action through the API, then the jobs it queued (the exchange order, a refund, a release). */
  const act = async (requestId: number, action: string, body: object = {}) => {
    const reply = await merchant('POST', `${MERCHANT_BASE}/requests/${String(requestId)}/${action}`, body);
    expect(reply.statusCode, reply.body).toBe(200);
    await t.app.ctx.worker.runDue();
    return reply.json<{ data: { refundable: number } }>().data;
  };

  /** The reconciliation file's rows, through the merchant API with the shop's key. */
  const reconciliation = async (query = '') => {
    const reply = await merchant('GET', merchantPath('exportReconciliation') + query);
    expect(reply.statusCode, reply.body).toBe(200);
    return csvRecords(reply.body);
  };
  const rowOf = async (requestId: number) =>
    present(
      (await reconciliation()).find((row) => row.request_id === String(requestId)),
      `the row of request ${String(requestId)}`,
    );

  return { platform, shopId, product, feed, exchange, merchant, act, reconciliation, rowOf };
}

export type ExchangeDesk = ReturnType<typeof exchangeDesk>;

/** A variant of a product as an order line names it. */
export const lineVariant = (product: PlatformProduct, index = 0) => {
  const variant = present(product.variants[index], `variant ${String(index)} of ${product.title}`);
  return { productId: product.id, variantId: variant.id, title: product.title };
};
