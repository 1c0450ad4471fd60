import { parseMinor } from '@return-center/domain';
import { compare, compareDate, searchFilter } from './shopify-search.js';
import type { Field } from './shopify-graphql.js';
import { connection, gidOf, GraphqlError, iso, list, money, obj, str, type Json } from './shopify-admin-json.js';
import type { FakeShopifyData } from './shopify-admin-data.js';
import { orderNode } from './shopify-admin-order-node.js';
import { digestOf, orderTotal, refundedUnits, type FakeShop } from './shopify-admin-shop.js';

/** Root fields of orders, store credit and metafields (refunds: shopify-admin-refunds.ts; returns: shopify-admin-returns.ts). */

export type Handler = (data: FakeShopifyData, shop: FakeShop, field: Field) => unknown;

export const userError = (field: string[], message: string, code?: string) => ({ field, message, code: code ?? null });
export const orderOf = (shop: FakeShop, id: unknown) => shop.orders.find((o) => gidOf('Order', o.id) === id);

/** Orders search: name and email (exact, any case), id, when placed (dates compared to the second), default fields. */
function ordersMatching(shop: FakeShop, query: unknown) {
  const fits = searchFilter(str(query));
  return shop.orders.filter((order) =>
    fits((term) => {
      switch (term.field) {
        case 'name':
          return term.matches(order.name);
        case 'email':
          return term.matches(order.email);
        case 'id':
          return compare(term, order.id, Number(term.value));
        // The fake keeps one date per order: an order put in is created when it was placed.
        case 'created_at':
        case 'processed_at':
          return compareDate(term, order.processedAt);
        case null:
          return term.matches(order.name) || term.matches(order.email);
        default:
          throw new GraphqlError(`Unknown orders search field ${term.field}`);
      }
    }),
  );
}

const ORDER_SORTS: Record<string, (o: FakeShop['orders'][number]) => number> = {
  PROCESSED_AT: (o) => o.processedAt,
  CREATED_AT: (o) => o.processedAt,
  ID: (o) => o.id,
};

export const orderHandlers: Record<string, Handler> = {
  order: (_data, shop, field) => {
    const order = orderOf(shop, field.args.id);
    return order ? orderNode(shop, order, field) : null;
  },

  orders: (_data, shop, field) => {
    const key = ORDER_SORTS[str(field.args.sortKey) || 'ID'];
    if (!key) throw new GraphqlError(`Unknown OrderSortKeys ${str(field.args.sortKey)}`);
    const sorted = ordersMatching(shop, field.args.query).sort((a, b) => key(a) - key(b) || a.id - b.id);
    if (field.args.reverse === true) sorted.reverse();
    const nodes = field.children.find((c) => c.name === 'nodes') ?? field;
    return connection(sorted, field, (o) => orderNode(shop, o, nodes));
  },

  metafieldsSet: (_data, shop, field) => {
    const inputs = list(field.args.metafields).map(obj);
    for (const [i, input] of inputs.entries()) {
      const order = orderOf(shop, input.ownerId);
      if (!order)
        return {
          metafields: null,
          userErrors: [userError(['metafields', String(i), 'ownerId'], 'Owner does not exist', 'INVALID')],
        };
      const stored = order.metafields.get(`${str(input.namespace)}.${str(input.key)}`);
      if ('compareDigest' in input) {
        const expected = input.compareDigest;
        const stale = expected === null ? stored !== undefined : stored === undefined || digestOf(stored) !== expected;
        if (stale)
          return {
            metafields: null,
            userErrors: [
              userError(
                ['metafields', String(i)],
                'The resource has been updated since it was loaded. Try again with an updated `compareDigest` value.',
                'STALE_OBJECT',
              ),
            ],
          };
      }
    }
    const set = inputs.map((input) => {
      const order = orderOf(shop, input.ownerId);
      const value = str(input.value);
      order?.metafields.set(`${str(input.namespace)}.${str(input.key)}`, value);
      return { namespace: input.namespace, key: input.key, value, compareDigest: digestOf(value) };
    });
    return { metafields: set, userErrors: [] };
  },

  discountCodeBasicCreate: (data, shop, field) => {
    const input = obj(field.args.basicCodeDiscount);
    const code = str(input.code);
    if (shop.discounts.some((d) => d.code.toLowerCase() === code.toLowerCase()))
      return {
        codeDiscountNode: null,
        userErrors: [
          userError(['basicCodeDiscount', 'code'], 'Code must be unique. Please try a different code.', 'TAKEN'),
        ],
      };
    const amount = obj(obj(obj(input.customerGets).value).discountAmount).amount;
    const discount = {
      id: data.nextId(),
      code,
      title: str(input.title),
      amount: parseMinor(str(amount), shop.currency),
      createdAt: data.nowSeconds(),
    };
    shop.discounts.push(discount);
    return { codeDiscountNode: discountNode(discount), userErrors: [] };
  },

  codeDiscountNodeByCode: (_data, shop, field) => {
    const found = shop.discounts.find((d) => d.code.toLowerCase() === str(field.args.code).toLowerCase());
    return found ? discountNode(found) : null;
  },

  giftCardCreate: (data, shop, field) => {
    const input = obj(field.args.input);
    const code = str(input.code);
    if (code && !/^[A-Za-z0-9]{8,20}$/.test(code))
      return {
        giftCard: null,
        giftCardCode: null,
        userErrors: [userError(['input', 'code'], 'Code is invalid', 'INVALID')],
      };
    if (shop.giftCards.some((g) => g.code.toLowerCase() === code.toLowerCase()))
      return {
        giftCard: null,
        giftCardCode: null,
        userErrors: [userError(['input', 'code'], 'Code has already been taken', 'TAKEN')],
      };
    // initialAmount replaced initialValue, which Shopify still takes (deprecated).
    const amount = obj(input.initialAmount);
    const card = {
      id: data.nextId(),
      code,
      amount: parseMinor(str(amount.amount) || str(input.initialValue), str(amount.currencyCode) || shop.currency),
      note: str(input.note),
      createdAt: data.nowSeconds(),
    };
    shop.giftCards.push(card);
    return { giftCard: giftCardNode(shop, card), giftCardCode: code, userErrors: [] };
  },

  giftCards: (_data, shop, field) => {
    const fits = searchFilter(str(field.args.query));
    const found = shop.giftCards.filter((g) =>
      fits((term) => (term.field === null || term.field === 'code' ? term.matches(g.code) : false)),
    );
    return connection(found, field, (g) => giftCardNode(shop, g));
  },

  orderCancel: (data, shop, field) => {
    const order = orderOf(shop, field.args.orderId);
    const refuse = (message: string, code: string) => ({
      job: null,
      orderCancelUserErrors: [userError(['orderId'], message, code)],
      userErrors: [],
    });
    if (!order) return refuse('Order does not exist', 'NOT_FOUND');
    if (order.cancelledAt !== null) return refuse('Cannot cancel this order.', 'INVALID');
    order.cancelledAt = data.nowSeconds();
    const left = orderTotal(order) - order.refunds.reduce((sum, r) => sum + r.amount, 0);
    if (obj(field.args.refundMethod).originalPaymentMethodsRefund === true && left > 0)
      order.refunds.push({
        id: data.nextId(),
        createdAt: data.nowSeconds(),
        note: 'Order cancelled',
        amount: left,
        lines: [],
        feedId: null,
      });
    if (field.args.restock === true)
      for (const line of order.lines) {
        const found = line.variantId === null ? undefined : data.variant(shop, line.variantId);
        if (found) found.variant.available += line.quantity - refundedUnits(order, line.id);
      }
    return { job: { id: gidOf('Job', data.nextId()), done: false }, orderCancelUserErrors: [], userErrors: [] };
  },
};

const discountNode = (d: FakeShop['discounts'][number]): Json => ({
  id: gidOf('DiscountCodeNode', d.id),
  codeDiscount: {
    __typename: 'DiscountCodeBasic',
    title: d.title,
    createdAt: iso(d.createdAt),
    codes: { nodes: [{ code: d.code }] },
  },
});

const giftCardNode = (shop: FakeShop, g: FakeShop['giftCards'][number]): Json => ({
  id: gidOf('GiftCard', g.id),
  createdAt: iso(g.createdAt),
  lastCharacters: g.code.slice(-4),
  maskedCode: `•••• •••• •••• ${g.code.slice(-4)}`,
  initialValue: money(g.amount, shop.currency),
  note: g.note,
});
