import { parseMinor } from '@return-center/domain';
import { exchangeValue, netPayment, removedUnits, unitsShare } from './shopify-admin-balance.js';
import { bag, gidOf, GraphqlError, idIn, list, obj, str } from './shopify-admin-json.js';
import { orderOf, userError, type Handler } from './shopify-admin-orders.js';
import type { FakeShopifyData } from './shopify-admin-data.js';
import { returnNode } from './shopify-admin-return-node.js';
import type { FakeExchangeLine, FakeOrder, FakeShop } from './shopify-admin-shop.js';
import { child } from './shopify-graphql.js';

/**
 * Exchanges on returns (Admin API 2024-07 on): a return made with `exchangeLineItems` holds new items that join the
 * order when `returnProcess` confirms them (their stock taken then, as their fulfilment order does), with the
 * returned units it confirms leaving the order; `returnCalculate` answers what both come to first. Refused, as
 * Shopify does, with userErrors and nothing done; `returnProcess` takes no more units than are left to process, so a
 * second processing of the same units is refused rather than applied twice.
 */

type Refusal = { error: ReturnType<typeof userError> };

/**
 * The new items of an exchange, checked: a variant of the shop, at least one unit, and a discount (a fixed amount in
 * the order's currency, or a percentage) of no more than the line. Shopify's docs do not say whether a fixed amount is
 * per unit or per line; the fake reads it per line (the adapter sends discounted items one unit per line).
 */
export function exchangeLinesOf(
  data: FakeShopifyData,
  shop: FakeShop,
  order: FakeOrder,
  raw: unknown,
  at: string[],
): { lines: FakeExchangeLine[] } | Refusal {
  const lines: FakeExchangeLine[] = [];
  for (const [i, item] of list(raw).map(obj).entries()) {
    const here = [...at, String(i)];
    const found = data.variant(shop, idIn(item.variantId, 'ProductVariant') ?? 0);
    if (!found) return { error: userError([...here, 'variantId'], 'Variant does not exist', 'NOT_FOUND') };
    const quantity = Number(item.quantity);
    if (!Number.isInteger(quantity) || quantity < 1)
      return { error: userError([...here, 'quantity'], 'Quantity must be greater than 0', 'GREATER_THAN') };
    const full = found.variant.price * quantity;
    let discount = 0;
    if (item.appliedDiscount) {
      const value = obj(obj(item.appliedDiscount).value);
      const amount = value.amount ? obj(value.amount) : null;
      const percentage = typeof value.percentage === 'number' ? value.percentage : null;
      if ((amount === null) === (percentage === null))
        return { error: userError([...here, 'appliedDiscount'], 'Give either an amount or a percentage', 'INVALID') };
      if (amount && str(amount.currencyCode) !== order.currency)
        return { error: userError([...here, 'appliedDiscount'], 'Currency must be the order’s', 'INVALID') };
      discount = amount ? parseMinor(str(amount.amount), order.currency) : Math.round((full * (percentage ?? 0)) / 100);
      if (discount < 0 || discount > full)
        return { error: userError([...here, 'appliedDiscount'], 'Discount cannot exceed the line', 'INVALID') };
    }
    lines.push({
      id: data.nextId(),
      variantId: found.variant.id,
      productId: found.product.id,
      title: `${found.product.title} - ${found.variant.title}`,
      quantity,
      price: found.variant.price,
      discount,
      processed: 0,
    });
  }
  return { lines };
}

const refuse = (field: string[], message: string, code: string) => ({
  return: null,
  userErrors: [userError(field, message, code)],
});

/** Units of the return's lines to confirm: each a line of this return, 1 … what is left of it. */
function pick<T extends { id: number; quantity: number; processed: number }>(
  lines: T[],
  raw: unknown,
  kind: string,
  at: string[],
): { line: T; quantity: number }[] | Refusal {
  const picked: { line: T; quantity: number }[] = [];
  for (const [i, item] of list(raw).map(obj).entries()) {
    const line = lines.find((l) => gidOf(kind, l.id) === item.id);
    if (!line) return { error: userError([...at, String(i), 'id'], `${kind} does not exist`, 'NOT_FOUND') };
    const quantity = Number(item.quantity);
    const left =
      line.quantity - line.processed - picked.filter((p) => p.line === line).reduce((n, p) => n + p.quantity, 0);
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > left)
      return {
        error: userError([...at, String(i), 'quantity'], 'Quantity exceeds the processable quantity', 'INVALID'),
      };
    picked.push({ line, quantity });
  }
  return picked;
}

export const exchangeHandlers: Record<string, Handler> = {
  returnProcess: (data, shop, field) => {
    const input = obj(field.args.input);
    const ret = shop.returns.find((r) => gidOf('Return', r.id) === input.returnId);
    if (!ret) return refuse(['input', 'returnId'], 'Return does not exist', 'NOT_FOUND');
    if (ret.status !== 'OPEN') return refuse(['input', 'returnId'], 'Return must be open to process', 'INVALID_STATE');
    const returned = pick(ret.lines, input.returnLineItems, 'ReturnLineItem', ['input', 'returnLineItems']);
    if ('error' in returned) return { return: null, userErrors: [returned.error] };
    const added = pick(ret.exchangeLines, input.exchangeLineItems, 'ExchangeLineItem', ['input', 'exchangeLineItems']);
    if ('error' in added) return { return: null, userErrors: [added.error] };
    if (returned.length + added.length === 0)
      return refuse(['input'], 'Give return or exchange line items to process', 'BLANK');
    const order = shop.orders.find((o) => o.id === ret.orderId);
    const refund = order ? issuedRefund(order, obj(input.financialTransfer).issueRefund) : 0;
    if (refund === null) return refuse(['input', 'financialTransfer'], 'Refund exceeds what was paid', 'INVALID');
    for (const { line, quantity } of returned) line.processed += quantity;
    for (const { line, quantity } of added) {
      line.processed += quantity;
      const found = data.variant(shop, line.variantId);
      if (found) found.variant.available -= quantity;
    }
    if (order && refund > 0)
      order.refunds.push({
        id: data.nextId(),
        createdAt: data.nowSeconds(),
        note: null,
        amount: refund,
        lines: [],
        feedId: null,
      });
    return { return: returnNode(ret, child(field, 'return')), userErrors: [] };
  },

  returnCalculate: (data, shop, field) => {
    const input = obj(field.args.input);
    const order = orderOf(shop, input.orderId);
    if (!order) throw new GraphqlError('Order does not exist', 'NOT_FOUND');
    const c = order.currency;
    const fulfilled = order.fulfillments.flatMap((f) => f.lines);
    const returned = list(input.returnLineItems).map((raw) => {
      const item = obj(raw);
      const from = fulfilled.find((f) => gidOf('FulfillmentLineItem', f.id) === item.fulfillmentLineItemId);
      const line = from && order.lines.find((l) => l.id === from.lineId);
      if (!from || !line) throw new GraphqlError('Fulfillment line item not found', 'NOT_FOUND');
      const quantity = Number(item.quantity);
      const share = unitsShare(line, removedUnits(shop, order, line.id), quantity);
      return {
        id: null,
        fulfillmentLineItem: { id: gidOf('FulfillmentLineItem', from.id) },
        quantity,
        subtotalBeforeOrderDiscountsSet: bag(line.price * quantity, c),
        subtotalSet: bag(share.subtotal, c),
        totalTaxSet: bag(share.tax, c),
        restockingFee: null,
      };
    });
    const exchange = exchangeLinesOf(data, shop, order, input.exchangeLineItems, ['exchangeLineItems']);
    if ('error' in exchange) throw new GraphqlError(exchange.error.message, exchange.error.code ?? undefined);
    return {
      id: gidOf('CalculatedReturn', data.nextId()),
      returnLineItems: returned,
      exchangeLineItems: exchange.lines.map((l) => ({
        id: null,
        variant: { id: gidOf('ProductVariant', l.variantId) },
        quantity: l.quantity,
        originalUnitPriceSet: bag(l.price, c),
        discountedUnitPriceSet: bag(Math.floor(exchangeValue(l, l.quantity) / l.quantity), c),
        subtotalSet: bag(exchangeValue(l, l.quantity), c),
        // The fake charges no tax on new items.
        totalTaxSet: bag(0, c),
        calculatedDiscountAllocations: [],
      })),
      returnShippingFee: null,
    };
  },
};

/** A refund returnProcess issues from the order's payments: its amount, 0 for none, null when more than was paid. */
function issuedRefund(order: FakeOrder, raw: unknown): number | null {
  if (!raw) return 0;
  let amount = 0;
  for (const t of list(obj(raw).orderTransactions).map(obj)) {
    if (!order.transactions.some((p) => gidOf('OrderTransaction', p.id) === t.parentId)) return null;
    amount += parseMinor(str(obj(t.transactionAmount).amount), order.currency);
  }
  return amount > netPayment(order) ? null : amount;
}
