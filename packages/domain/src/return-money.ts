import { SolutionId, type ReturnMoney } from '@return-center/contract';

export interface MoneyLine {
  /** Unit price, minor units. */
  price: number;
  quantity: number;
  /** Order discount allocated to the whole line. */
  discount: number;
  /** Tax charged on the whole line. */
  tax: number;
  /** Units of this line already taken back (earlier returns, platform refunds); this return's units come after. */
  returnedBefore?: number;
}

export interface MoneySettings {
  refundShipping: boolean;
  returnFee: number;
  labelFee: number;
  restockingFeePercent: number;
}

export interface ReturnMoneyInput {
  lines: { line: MoneyLine; quantity: number }[];
  /** Shipping the order paid. */
  orderShipping: number;
  /** True when this return takes back everything still held by the shopper. */
  returnsEverything: boolean;
  usesMerchantLabel: boolean;
  settings: MoneySettings;
}

/**
 * The return money of the contract (getReturnMoney) without what the server adds around it: `refund` is what the
 * returned units cost the shopper (subtotal − discount + tax), `total` what they get back (refund + shipping − fees,
 * never below zero), `max_refund` the most that could be refunded for these units before fees.
 */
export type ReturnMoneyResult = Omit<ReturnMoney, 'currency' | 'currency_format' | 'exchange_amount'>;

/** The part of `amount` that belongs to the first `units` of `of` units, rounded half up (exact in BigInt). */
const cumulative = (amount: number, units: number, of: number): number => {
  const sign = amount < 0 ? -1 : 1;
  const scaled = BigInt(Math.abs(amount)) * BigInt(units) * 2n + BigInt(of);
  return sign * Number(scaled / (2n * BigInt(of)));
};

/**
 * The part of a line-level amount that belongs to units `from` … `from + quantity − 1` of its `of` units: the
 * difference of the rounded shares before and after them. Within one minor unit of the exact share, and the parts
 * of a line returned in several returns add up to exactly the line (DESIGN §3).
 */
const share = (amount: number, quantity: number, of: number, from: number) =>
  cumulative(amount, from + quantity, of) - cumulative(amount, from, of);

/** Spec §2 screen 6 and issue 3: the refund of a return, in integer minor units. */
export function computeReturnMoney(input: ReturnMoneyInput): ReturnMoneyResult {
  let subtotal = 0;
  let discount = 0;
  let tax = 0;
  for (const { line, quantity } of input.lines) {
    subtotal += line.price * quantity;
    const from = line.returnedBefore ?? 0;
    discount += share(line.discount, quantity, line.quantity, from);
    tax += share(line.tax, quantity, line.quantity, from);
  }
  const refund = subtotal - discount + tax;
  const shippingMoney = input.settings.refundShipping && input.returnsEverything ? input.orderShipping : 0;
  const restocking = Math.floor(((subtotal - discount) * input.settings.restockingFeePercent) / 100);
  const labelFee = input.usesMerchantLabel ? input.settings.labelFee : 0;
  const max = refund + shippingMoney;
  return {
    origin_subtotal: subtotal,
    discount,
    tax,
    refund,
    shipping: { money: shippingMoney, tax: 0, max: input.orderShipping },
    return_fee: input.settings.returnFee,
    label_fee: labelFee,
    restocking_fee: restocking,
    total: Math.max(0, max - input.settings.returnFee - labelFee - restocking),
    max_refund: max,
    // The shop's bonus depends on the solution: withCreditBonus adds it.
    bonus: 0,
  };
}

/**
 * Spec §9: the credit an exchange may spend (`exchange_amount`) is what the shopper would get back for the returned
 * units; a return that is not an exchange has none.
 */
export function exchangeCredit(solutionId: number, money: Pick<ReturnMoneyResult, 'total'>): number {
  return solutionId === SolutionId.Exchange ? money.total : 0;
}
