/** One line of the exchange cart: a variant of the shop, how many, and its unit price in minor units. */
export interface ExchangeItem {
  variant_id: number;
  count: number;
  variant: { price: number };
}

/** The exchange cart's money (spec §3), every amount in minor units; the misspelling is the contract's. */
export interface ExchangePriceInfo {
  /** Σ price × count. */
  exchangeSubtotal: number;
  /** The subtotal plus the exchange's tax. */
  exchangesTotal: number;
  /** What the return is worth towards the exchange, less the exchange's total; below 0 the shopper pays the rest. */
  remainingRredit: number;
  /** The same against the total the store's checkout calculated (draft order), once it has. */
  remainingRreditByCheck: number | null;
}

/**
 * Adds items to the cart (spec §4): an item of a variant already in it adds its count to that line, which keeps its
 * place; a variant not yet in it is appended. Lines whose count falls to 0 or below leave the cart.
 */
export function mergeExchangeItems(list: readonly ExchangeItem[], added: readonly ExchangeItem[]): ExchangeItem[] {
  const merged = new Map<number, ExchangeItem>();
  for (const item of [...list, ...added]) {
    const line = merged.get(item.variant_id);
    merged.set(item.variant_id, line ? { ...line, count: line.count + item.count } : { ...item });
  }
  return [...merged.values()].filter((item) => item.count > 0);
}

/** Spec §9: exchangesTotal = Σ price × count + tax; remaining credit = exchange_amount − exchangesTotal. */
export function exchangePriceInfo(
  list: readonly ExchangeItem[],
  money: { exchangeAmount: number; tax: number; checkedTotal?: number | null },
): ExchangePriceInfo {
  const exchangeSubtotal = list.reduce((sum, item) => sum + item.variant.price * item.count, 0);
  const exchangesTotal = exchangeSubtotal + money.tax;
  return {
    exchangeSubtotal,
    exchangesTotal,
    remainingRredit: money.exchangeAmount - exchangesTotal,
    remainingRreditByCheck:
      money.checkedTotal === undefined || money.checkedTotal === null
        ? null
        : money.exchangeAmount - money.checkedTotal,
  };
}

/**
 * What the return is worth towards its exchange. Spec §9's credit is the refund the return would get (after its
 * discount, with its tax); but another variant of the same product, at no higher price and for no more units, is an
 * even swap: it costs the shopper nothing, whatever discount the original had (a size swap must not ask for money).
 */
export function exchangeCreditFor(
  exchangeAmount: number,
  returned: { productId: number; price: number; quantity: number },
  items: readonly { productId: number; price: number; count: number }[],
): number {
  const units = items.reduce((sum, item) => sum + item.count, 0);
  const evenSwap =
    items.length > 0 &&
    units <= returned.quantity &&
    items.every((item) => item.productId === returned.productId && item.price <= returned.price);
  const subtotal = items.reduce((sum, item) => sum + item.price * item.count, 0);
  return evenSwap ? Math.max(exchangeAmount, subtotal) : exchangeAmount;
}
