import {
  calls,
  Code,
  MERCHANT_BASE,
  merchantPath,
  type DeskCreateBody,
  type DeskOrder,
  type DeskQuote,
  type Envelope,
  type MerchantRequest,
} from '@return-center/contract';
import { present } from '@return-center/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  addEmptyShop,
  buildTestApp,
  dialects,
  mailbox,
  merchantAction,
  shop,
  signInConsole,
  type TestApp,
} from '../../../test/helper.js';

const KEY = 'demo-merchant-key';
const OTHER_KEY = 'other-shop-key-123456';

describe.each(dialects)('returns made at the desk on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect);
  });
  afterEach(() => t.close());

  const api = async <T = unknown>(method: 'GET' | 'POST' | 'PUT', path: string, payload?: object, key = KEY) => {
    const response = await t.app.inject({
      method,
      url: MERCHANT_BASE + path,
      ...(payload ? { payload } : {}),
      headers: { authorization: `Bearer ${key}` },
    });
    return { status: response.statusCode, body: response.json<Envelope<T>>() };
  };

  const orderOf = async (number: string) => {
    const { status, body } = await api<DeskOrder>('GET', `/orders/${number}/returnable`);
    expect(status).toBe(200);
    return body.data;
  };
  const lineOf = (desk: DeskOrder, title: string) =>
    present(
      [...desk.order.yes, ...desk.order.no].find((line) => line.title === title),
      title,
    ).line_item_id;
  const body = (desk: DeskOrder, items: DeskCreateBody['items'], more: Partial<DeskCreateBody> = {}) => ({
    order_id: desk.order.id,
    solution_id: 1,
    shipping_method_id: 2,
    idempotency_key: `desk-${Math.random().toString(36).slice(2, 12)}`,
    items,
    ...more,
  });

  it("shows what #1001 allows, and answers another shop's order or a wrong email with 404", async () => {
    const desk = await orderOf('1001');
    expect(desk.customer_email).toBe('alice@example.com');
    expect(desk.order.order_name).toBe('#1001');
    expect(desk.order.yes.map((line) => line.title)).toEqual(['Linen Shirt', 'Canvas Sneakers']);
    // A final-sale line is shown with why it cannot be returned.
    expect(desk.order.no.map((line) => [line.title, line.reason])).toEqual([['Wool Beanie', 'other']]);
    expect(desk.reasons.length).toBeGreaterThan(3);
    // Exchanges and bank transfers stay the shopper's to ask for in the portal.
    expect(desk.order.returnSolution.map((s) => s.id)).toEqual([1, 2, 4]);
    expect((await api('GET', '/orders/%231001/returnable?email=alice@example.com')).status).toBe(200);
    expect((await api('GET', '/orders/1001/returnable?email=bob@example.com')).status).toBe(404);
    expect((await api('GET', '/orders/9999/returnable')).status).toBe(404);
    await t.app.ctx.services.merchant.keys.add(await addEmptyShop(t), OTHER_KEY, 'test');
    const foreign = await api('GET', '/orders/1001/returnable', undefined, OTHER_KEY);
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe(Code.NotFound);
    const create = await api(
      'POST',
      '/requests',
      body(desk, [{ line_item_id: lineOf(desk, 'Linen Shirt'), quantity: 1, reason_id: 5 }]),
      OTHER_KEY,
    );
    expect(create.status).toBe(404);
  });

  it('creates a return for #1001 with the money the portal would show; it says who made it and the shopper is emailed', async () => {
    const desk = await orderOf('1001');
    const items = [
      { line_item_id: lineOf(desk, 'Canvas Sneakers'), quantity: 2, reason_id: 5, description: 'Phoned in: too tight' },
    ];
    const quote = await api<DeskQuote>('POST', '/requests/quote', body(desk, items, { shipping_method_id: 1 }));
    expect(quote.status).toBe(200);
    // The portal's own number for the same lines, asked by the shopper.
    const token = (await t.call(calls.login, { shop_url: shop, email: 'alice@example.com', order_number: '#1001' }))
      .body.data.token;
    const portal = await t.call(
      calls.getReturnMoney,
      { order_id: desk.order.id, refund_line_items: items, shipping_method_id: 1, solution_id: 1 },
      token,
    );
    expect(quote.body.data.money.total).toBe(portal.body.data.total);
    expect(quote.body.data.money.label_fee).toBe(portal.body.data.label_fee);

    const console = await signInConsole(t);
    const firstBody = body(desk, items, { shipping_method_id: 1 });
    const created = await console.send('POST', merchantPath('deskCreate'), firstBody);
    expect(created.status).toBe(200);
    const request = created.body.data as MerchantRequest;
    expect(request.status).toBe(1);
    expect(request.refund).toBe(portal.body.data.total);
    expect(request.items).toMatchObject([
      { title: 'Canvas Sneakers', quantity: 2, description: 'Phoned in: too tight' },
    ]);
    expect(request.events).toMatchObject([
      {
        actor: 'console:owner@demo-shop.example',
        action: 'created',
        note: 'created by owner@demo-shop.example for the shopper',
      },
    ]);
    await t.app.ctx.worker.runDue();
    const mails = await mailbox(t, 'alice@example.com');
    expect(mails.some((mail) => mail.text.includes(request.rma))).toBe(true);
    // A retry with the same key answers the same request, and says once who made it.
    const retried = await console.send('POST', merchantPath('deskCreate'), firstBody);
    expect((retried.body.data as MerchantRequest).id).toBe(request.id);
    expect((retried.body.data as MerchantRequest).events.filter((e) => e.action === 'created')).toHaveLength(1);
    // The order now has its open request: a second one is refused, as in the portal.
    const again = await api(
      'POST',
      '/requests',
      body(desk, [{ line_item_id: lineOf(desk, 'Linen Shirt'), quantity: 1, reason_id: 5 }]),
    );
    expect(again.status).toBe(409);
  });

  it('refuses a line whose return window has passed (#1002), as the portal does, naming the item', async () => {
    const before = (await api<{ items: unknown[] }>('GET', '/requests')).body.data.items.length;
    const desk = await orderOf('1002');
    expect(desk.order.yes).toEqual([]);
    const line = lineOf(desk, 'Oxford Shirt');
    const refused = await api<{ errors: { field: string; message: string }[] }>(
      'POST',
      '/requests',
      body(desk, [{ line_item_id: line, quantity: 1, reason_id: 5 }]),
    );
    expect(refused.status).toBe(422);
    expect(refused.body.data.errors).toEqual([
      { field: 'items.0.line_item_id', message: 'Oxford Shirt: the return window has passed' },
    ]);
    const token = (await t.call(calls.login, { shop_url: shop, email: 'alice@example.com', order_number: '#1002' }))
      .body.data.token;
    const portal = await t.call(
      calls.getReturnMoney,
      { order_id: desk.order.id, refund_line_items: [{ line_item_id: line, quantity: 1 }], solution_id: 1 },
      token,
    );
    expect(portal.body.code).not.toBe(Code.Success);
    // And nothing was made.
    expect((await api<{ items: unknown[] }>('GET', '/requests')).body.data.items).toHaveLength(before);
  });

  it('lists its four routes in the OpenAPI document, with their refusals', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/merchant/docs/openapi.json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    expect(Object.keys(doc.paths[`${MERCHANT_BASE}/orders/{id}/returnable`]?.get?.responses ?? {})).toContain('404');
    expect(Object.keys(doc.paths[`${MERCHANT_BASE}/requests/quote`]?.post?.responses ?? {})).toContain('422');
    expect(Object.keys(doc.paths[`${MERCHANT_BASE}/requests`]?.post?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '404', '409', '422']),
    );
    expect(Object.keys(doc.paths[`${MERCHANT_BASE}/requests/{id}/items`]?.put?.responses ?? {})).toContain('409');
  });

  it('refuses what the portal refuses: too many units, a reason that needs a photo, an exchange at the desk', async () => {
    const desk = await orderOf('1001');
    const shirt = lineOf(desk, 'Linen Shirt');
    const tooMany = await api(
      'POST',
      '/requests/quote',
      body(desk, [{ line_item_id: shirt, quantity: 3, reason_id: 5 }]),
    );
    expect(tooMany.status).toBe(422);
    const photo = present(
      desk.reasons.find((reason) => reason.proof === 'required'),
      'a reason that needs a photo',
    );
    const noPhoto = await api(
      'POST',
      '/requests',
      body(desk, [{ line_item_id: shirt, quantity: 1, reason_id: photo.id }]),
    );
    expect(noPhoto.status).toBe(422);
    const exchange = await api(
      'POST',
      '/requests',
      body(desk, [{ line_item_id: shirt, quantity: 1, reason_id: 5 }], { solution_id: 5 }),
    );
    expect(exchange.status).toBe(422);
    expect(exchange.body).toMatchObject({ data: { errors: [{ field: 'solution_id' }] } });
  });

  it('changes a pending request before approval, recomputes its money and records the change; after receipt 409', async () => {
    const desk = await orderOf('1001');
    const [shirt, sneakers] = [lineOf(desk, 'Linen Shirt'), lineOf(desk, 'Canvas Sneakers')];
    const created = await api<MerchantRequest>(
      'POST',
      '/requests',
      body(desk, [{ line_item_id: shirt, quantity: 1, reason_id: 5 }]),
    );
    const id = created.body.data.id;
    // The shirt is held by the request: only a quote for that request counts it as returnable again.
    const again = { order_id: desk.order.id, solution_id: 1, shipping_method_id: 2 };
    const shirtAgain = { ...again, items: [{ line_item_id: shirt, quantity: 1, reason_id: 1 }] };
    expect((await api('POST', '/requests/quote', shirtAgain)).status).toBe(422);
    expect((await api('POST', '/requests/quote', { ...shirtAgain, request: id })).status).toBe(200);

    const change = { shipping_method_id: 1, items: [{ line_item_id: sneakers, quantity: 2, reason_id: 1 }] };
    const quote = await api<DeskQuote>('POST', '/requests/quote', { ...again, ...change, request: id });
    expect(quote.status).toBe(200);
    const edited = await api<MerchantRequest>('PUT', `/requests/${String(id)}/items`, change);
    expect(edited.status).toBe(200);
    expect(edited.body.data.items.map((item) => [item.title, item.quantity])).toEqual([['Canvas Sneakers', 2]]);
    expect(edited.body.data.refund).toBe(quote.body.data.money.total);
    expect(edited.body.data.shipping_method_id).toBe(1);
    const event = present(
      edited.body.data.events.find((e) => e.action === 'edited'),
      'the edit on the timeline',
    );
    expect(event.actor).toBe('merchant-api');
    expect(event.note).toContain('Canvas Sneakers added (2, ');
    expect(event.note).toContain('Linen Shirt removed');
    expect(event.note).toContain('method: Ship on your own → Return label from the merchant');
    // The request's own lines count as returnable again while it is changed; another order's line does not.
    const foreignLine = lineOf(await orderOf('1002'), 'Oxford Shirt');
    const view = await api<DeskOrder>('GET', `/orders/1001/returnable?request=${String(id)}`);
    expect(view.body.data.order.yes.map((line) => [line.title, line.refundable_quantity])).toEqual([
      ['Linen Shirt', 1],
      ['Canvas Sneakers', 2],
    ]);
    expect((await api('GET', `/orders/1002/returnable?request=${String(id)}`)).status).toBe(404);
    const wrong = await api('PUT', `/requests/${String(id)}/items`, {
      shipping_method_id: 1,
      items: [{ line_item_id: foreignLine, quantity: 1, reason_id: 5 }],
    });
    expect(wrong.status).toBe(422);
    // The final-sale beanie is refused by name, as the order shows it.
    const beanie = await api<{ errors: { field: string; message: string }[] }>('PUT', `/requests/${String(id)}/items`, {
      shipping_method_id: 1,
      items: [{ line_item_id: lineOf(desk, 'Wool Beanie'), quantity: 1, reason_id: 5 }],
    });
    expect(beanie.status).toBe(422);
    expect(beanie.body.data.errors).toEqual([
      { field: 'items.0.line_item_id', message: 'Wool Beanie: cannot be returned' },
    ]);

    expect((await merchantAction(t, id, 'approve')).statusCode).toBe(200);
    expect((await api('PUT', `/requests/${String(id)}/items`, change)).status).toBe(409);
    expect((await merchantAction(t, id, 'receive')).statusCode).toBe(200);
    const late = await api('PUT', `/requests/${String(id)}/items`, change);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe(Code.IllegalTransition);
    const missing = await api('PUT', `/requests/${String(id + 1000)}/items`, change);
    expect(missing.status).toBe(404);
  });
});
