/**
 * An exchange request's money as the server records it, every amount in minor units of the request's own currency
 * (issue 36 point 5, ADR 049). The terms that put money or value into the exchange, less its new items, leave what the
 * shopper is owed; it is paid out (refunded), lapses (a bonus never becomes money), or is still owed (the balance).
 */
export interface ExchangeMoney {
  /** What the returned goods earn towards the exchange, bonus left out: after inspection, the accepted units' share. */
  credit: number;
  /** An even swap's credit beyond what the return is worth: the shop absorbs the original discount (ADR 016). */
  swapAllowance: number;
  /** The shop's bonus for keeping the money at the shop: credit to spend on new items, never paid out. */
  bonus: number;
  /** What the shopper paid for new items dearer than the credit (the draft order's total). */
  differencePaid: number;
  /** What a card hold of an instant exchange took from the shopper (captured). */
  captured?: number;
  /** Σ price × quantity of the new items the exchange sends (none once a rejection cancelled its draft). */
  newItems: number;
  /** Money given back: the credit left over paid out, and a rejected exchange's difference given back. */
  refunded: number;
  /** A card hold still authorised, neither released nor captured: no money yet, but the exchange is not settled. */
  held?: number;
  /** Money may still move without anything being wrong: the request is open, or its refund is on its way. */
  settling: boolean;
}

export type ReconciliationStatus = 'balanced' | 'open' | 'out_of_balance';

export interface ExchangeReconciliation {
  /** The terms as given, the optional ones as 0. */
  terms: Required<Omit<ExchangeMoney, 'settling'>>;
  /** credit + swap allowance + bonus + difference paid + captured − new items: what the exchange leaves the shopper. */
  leftover: number;
  /** The part of the leftover that is bonus: it lapses instead of being paid out. */
  bonusUnspent: number;
  /** What may be paid out: the leftover less the bonus, never below 0 (the refund action's ceiling on an exchange). */
  refundable: number;
  /** leftover − bonus unspent − refunded: above 0 still owed to the shopper, below 0 paid out or sent beyond it. */
  balance: number;
  /** The identity holds with nothing owed either way. */
  balances: boolean;
  /** Open while money may still move (or a hold stands); once settled, balanced or out of balance. */
  status: ReconciliationStatus;
}

/** What a dearer exchange's shopper pays at the checkout: the new items beyond the credit, nothing when it covers them. */
export const exchangeDifference = (credit: number, newItems: number): number => Math.max(0, newItems - credit);

/**
 * Reconciles one exchange: credit + swap allowance + bonus + difference paid + captured − new items = refunded +
 * bonus unspent + balance. One pure function over the request's money, so the console's file, the API and the refund
 * ceiling read the same figures.
 */
export function reconcileExchange(money: ExchangeMoney): ExchangeReconciliation {
  const { settling, ...given } = money;
  const terms = { ...given, captured: given.captured ?? 0, held: given.held ?? 0 };
  const leftover =
    terms.credit + terms.swapAllowance + terms.bonus + terms.differencePaid + terms.captured - terms.newItems;
  const bonusUnspent = Math.min(terms.bonus, Math.max(0, leftover));
  const balance = leftover - bonusUnspent - terms.refunded;
  const balances = balance === 0;
  const status: ReconciliationStatus = settling || terms.held > 0 ? 'open' : balances ? 'balanced' : 'out_of_balance';
  return { terms, leftover, bonusUnspent, refundable: Math.max(0, leftover - bonusUnspent), balance, balances, status };
}
