import { ShippingMethodId, SolutionId, type ReturnSetting } from '@return-center/contract';

/** The solutions and methods the server can carry out end to end; a shop may list others, which are not offered. */
export const FULFILLABLE_SOLUTIONS: readonly number[] = [
  SolutionId.RefundOriginal,
  SolutionId.DiscountCode,
  SolutionId.GiftCard,
  SolutionId.Exchange,
  SolutionId.BankTransfer,
];
export const FULFILLABLE_METHODS: readonly number[] = [
  ShippingMethodId.MerchantLabel,
  ShippingMethodId.OwnShipping,
  ShippingMethodId.KeepItem,
  ShippingMethodId.CarrierPickup,
];

/** The solutions an order can be given: the shop's, in its order, that the server can carry out. */
export const offeredSolutions = (configured: readonly number[]): number[] =>
  configured.filter((id) => FULFILLABLE_SOLUTIONS.includes(id));

export interface MethodFlags {
  /** The return is green (see isGreenReturn): the shopper keeps the item. */
  delivery_date_check: boolean;
  pickup_is_ok: boolean;
}

const GREEN_LIMITED: number[] = [SolutionId.RefundOriginal, SolutionId.DiscountCode, SolutionId.GiftCard];

/**
 * Spec §4 with the green rule: keeping the item (3) is only for green returns, and for solutions 1, 2 and 4 a green
 * return allows nothing else; carrier pickup (4) only when pickup_is_ok. Without a solution yet, every method some
 * solution could use.
 */
export function allowedShippingMethods(
  configured: readonly number[],
  solutionId: number | undefined,
  flags: MethodFlags,
): number[] {
  const usable = configured.filter(
    (id) =>
      FULFILLABLE_METHODS.includes(id) &&
      (id !== ShippingMethodId.KeepItem || flags.delivery_date_check) &&
      (id !== ShippingMethodId.CarrierPickup || flags.pickup_is_ok),
  );
  if (flags.delivery_date_check && solutionId !== undefined && GREEN_LIMITED.includes(solutionId)) {
    return usable.filter((id) => id === ShippingMethodId.KeepItem);
  }
  return usable;
}

export interface GreenReturnRule {
  /** Refunds up to this amount (minor units) may keep the item; 0 turns green returns off. */
  maxRefund: number;
  /** When above 0, only orders delivered at most this many days ago qualify. */
  maxDaysSinceDelivery: number;
}

/** The rule as a shop's return settings state it. */
export const greenRuleOf = (settings: ReturnSetting): GreenReturnRule => ({
  maxRefund: settings.green_return_max,
  maxDaysSinceDelivery: settings.green_return_max_days,
});

const DAY = 86_400;

/**
 * Green returns (the shopper keeps the item, spec `delivery_date_check`): on when the shop sets a refund ceiling, the
 * refund is within it, and, where the shop sets a day limit, the order was delivered no more than that many days ago
 * (an order with no delivery date does not qualify then).
 */
export function isGreenReturn(
  rule: GreenReturnRule,
  facts: { refund: number; deliveredAt: number | null; now: number },
): boolean {
  if (rule.maxRefund <= 0 || facts.refund > rule.maxRefund) return false;
  if (rule.maxDaysSinceDelivery <= 0) return true;
  return facts.deliveredAt !== null && facts.now - facts.deliveredAt <= rule.maxDaysSinceDelivery * DAY;
}
