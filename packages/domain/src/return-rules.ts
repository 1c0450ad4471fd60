import { ShippingMethodId, SolutionId } from '@return-center/contract';

const GREEN_LIMITED: number[] = [SolutionId.RefundOriginal, SolutionId.DiscountCode, SolutionId.GiftCard];

/**
 * Spec §4: for solutions 1, 2 and 4 with delivery_date_check on, only method 3 (keep the item);
 * method 4 (carrier pickup) only when pickup_is_ok.
 */
export function allowedShippingMethods(
  offered: readonly number[],
  solutionId: number,
  flags: { delivery_date_check: boolean; pickup_is_ok: boolean },
): number[] {
  if (flags.delivery_date_check && GREEN_LIMITED.includes(solutionId)) {
    return offered.filter((id) => id === ShippingMethodId.KeepItem);
  }
  return offered.filter((id) => id !== ShippingMethodId.CarrierPickup || flags.pickup_is_ok);
}
