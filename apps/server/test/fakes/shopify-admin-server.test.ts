import { existsSync } from 'node:fs';
import { feedOrder } from '@return-center/contract';
import { present } from '@return-center/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/clock.js';
import { startFakeShopifyAdmin, type FakeShopifyAdmin } from './shopify-admin-server.js';
import type { FakeShop } from './shopify-admin-shop.js';
import { SCHEMA_FILE } from './shopify-schema.js';

const START = Date.UTC(2026, 10, 20, 15, 0, 0);

// CI always has ../shared and must check against it; a developer's clone without it runs the fake unchecked (said loudly).
const withSchema = existsSync(SCHEMA_FILE) || process.env.CI === 'true';
if (!withSchema) console.warn(`Not checking the fake Admin API against Shopify's schema: ${SCHEMA_FILE} is missing.`);

/** The fake Admin API refuses what Shopify refuses, checked against Shopify's own schema (../shared/shopify/). */
describe.runIf(withSchema)("the fake Shopify Admin API, against Shopify's schema", () => {
  let fake: FakeShopifyAdmin;
  let shop: FakeShop;
  beforeEach(async () => {
    fake = await startFakeShopifyAdmin({
      clock: fixedClock(START),
      limits: { maximumAvailable: 2000, restoreRate: 0 },
    });
    shop = fake.addShop();
    fake.putOrder(
      shop.domain,
      feedOrder.parse({
        id: '1001',
        name: '#1001',
        email: 'alice@example.com',
        currency: 'USD',
        created_at: START / 1000 - 86_400,
        fulfilled_at: START / 1000 - 3600,
        shipping: 0,
        lines: [{ id: '1001-1', title: 'Linen Shirt', price: 4900, quantity: 2, discount: 0, tax: 0 }],
      }),
    );
  });
  afterEach(() => fake.close());

  const order = () => present(shop.orders[0], 'the order');
  const ask = async (query: string, variables: Record<string, unknown> = {}) => {
    const response = await fetch(`${fake.origin}/admin/api/${fake.apiVersion}/graphql.json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-shopify-access-token': shop.accessToken },
      body: JSON.stringify({ query, variables }),
    });
    return (await response.json()) as {
      data?: Record<string, unknown>;
      errors?: { message: string; extensions?: { code?: string } }[];
      extensions?: {
        cost: { requestedQueryCost: number; actualQueryCost: number; throttleStatus: Record<string, number> };
      };
    };
  };

  it('has the schema to check against (see ../shared/shopify/README.md)', () => {
    expect(existsSync(SCHEMA_FILE), SCHEMA_FILE).toBe(true);
  });

  it('refuses a document asking Order for a field it does not have, whole and at no cost', async () => {
    const answer = await ask(`query Order($id: ID!) { order(id: $id) { id name bogus } }`, {
      id: `gid://shopify/Order/${String(order().id)}`,
    });
    expect(answer.data).toBeUndefined();
    expect(answer.errors?.map((e) => [e.extensions?.code, e.message.includes('bogus')])).toEqual([
      ['undefinedField', true],
    ]);
    expect(fake.calls.map((c) => c.outcome)).toEqual(['refused']);
  });

  it("refuses restockType 'NOPE' in a refund's variables, and refunds nothing", async () => {
    const answer = await ask(
      `mutation Refund($input: RefundInput!, $key: String!) {
        refundCreate(input: $input) @idempotent(key: $key) { refund { id } userErrors { field message } }
      }`,
      {
        key: 'k-1',
        input: {
          orderId: `gid://shopify/Order/${String(order().id)}`,
          refundLineItems: [
            {
              lineItemId: `gid://shopify/LineItem/${String(present(order().lines[0], 'line').id)}`,
              quantity: 1,
              restockType: 'NOPE',
            },
          ],
        },
      },
    );
    expect(answer.data).toBeUndefined();
    expect(answer.errors?.map((e) => [e.extensions?.code, e.message.includes('NOPE')])).toEqual([
      ['INVALID_VARIABLE', true],
    ]);
    expect(order().refunds).toEqual([]);
  });

  it('fails the whole query when one root field is unknown, answering none of the others', async () => {
    for (const root of ['bogusRoot { id }', 'currentAppInstallation { id }']) {
      const answer = await ask(`query Two { shop { currencyCode } ${root} }`);
      expect(answer.data, root).toBeUndefined();
      expect(answer.errors?.length, root).toBeGreaterThan(0);
    }
  });

  describe('exchanges on returns', () => {
    const RETURN = `mutation ReturnCreate($input: ReturnInput!) {
      returnCreate(returnInput: $input) {
        return { id exchangeLineItems(first: 5) { nodes { id } } returnLineItems(first: 5) { nodes { id } } }
        userErrors { field message code }
      }
    }`;
    const PROCESS = `mutation ReturnProcess($input: ReturnProcessInput!) {
      returnProcess(input: $input) { return { id } userErrors { field message code } }
    }`;
    type Made = {
      id: string;
      exchangeLineItems: { nodes: { id: string }[] };
      returnLineItems: { nodes: { id: string }[] };
    };
    const returnOf = (variantId: string, quantity = 1) => ({
      orderId: `gid://shopify/Order/${String(order().id)}`,
      returnLineItems: [
        {
          fulfillmentLineItemId: `gid://shopify/FulfillmentLineItem/${String(order().fulfillments[0]?.lines[0]?.id)}`,
          quantity,
          returnReasonDefinitionId: 'gid://shopify/ReturnReasonDefinition/9006',
        },
      ],
      exchangeLineItems: [{ variantId, quantity: 1 }],
    });
    const variant = () =>
      `gid://shopify/ProductVariant/${String(
        fake.putProduct(shop.domain, {
          title: 'Linen Shirt',
          handle: 'linen-shirt',
          createdAt: START / 1000,
          variants: [{ title: 'L', sku: 'L', price: 4900, stock: 3, options: ['L'] }],
        }).variants[0]?.id,
      )}`;

    it('refuses new items of a variant the shop does not have, and makes no return', async () => {
      const answer = await ask(RETURN, { input: returnOf('gid://shopify/ProductVariant/1') });
      expect(answer.data?.returnCreate).toMatchObject({
        return: null,
        userErrors: [{ field: ['returnInput', 'exchangeLineItems', '0', 'variantId'], code: 'NOT_FOUND' }],
      });
      expect(shop.returns).toEqual([]);
    });

    it('takes no new items on a requested return: its input has no such field', async () => {
      const answer = await ask(
        `mutation ReturnRequest($input: ReturnRequestInput!) { returnRequest(input: $input) { return { id } } }`,
        { input: returnOf(variant()) },
      );
      expect(answer.errors?.map((e) => e.extensions?.code)).toEqual(['INVALID_VARIABLE']);
      expect(shop.returns).toEqual([]);
    });

    it('confirms an even swap once: the order owes nothing, a second processing is refused', async () => {
      const made = (await ask(RETURN, { input: returnOf(variant()) })).data?.returnCreate as { return: Made };
      // Both shirts: one is on a return already.
      const again = (await ask(RETURN, { input: returnOf(variant(), 2) })).data?.returnCreate;
      expect(again).toMatchObject({ return: null, userErrors: [{ code: 'INVALID' }] });
      const input = {
        returnId: made.return.id,
        returnLineItems: made.return.returnLineItems.nodes.map(({ id }) => ({ id, quantity: 1 })),
        exchangeLineItems: made.return.exchangeLineItems.nodes.map(({ id }) => ({ id, quantity: 1 })),
      };
      expect((await ask(PROCESS, { input })).data?.returnProcess).toMatchObject({ userErrors: [] });
      expect((await ask(PROCESS, { input })).data?.returnProcess).toMatchObject({
        return: null,
        userErrors: [{ code: 'INVALID' }],
      });
      const owed = await ask(
        `query Owed($id: ID!) { order(id: $id) { totalOutstandingSet { shopMoney { amount } } } }`,
        {
          id: `gid://shopify/Order/${String(order().id)}`,
        },
      );
      expect(owed.data).toMatchObject({ order: { totalOutstandingSet: { shopMoney: { amount: '0.00' } } } });
    });
  });

  it('gives back the points a query asked for but did not use', async () => {
    const answer = await ask(`query Orders { orders(first: 50) { nodes { id name } } }`);
    const cost = present(answer.extensions, 'the cost').cost;
    // Fifty orders asked for, one answered.
    expect([cost.requestedQueryCost, cost.actualQueryCost]).toEqual([52, 3]);
    expect(cost.throttleStatus.currentlyAvailable).toBe(2000 - 3);
  });
});
