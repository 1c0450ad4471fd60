import { NonReturnableReason } from '@return-center/contract';

export interface LineFacts {
  quantity: number;
  /** Units already refunded at the store platform. */
  refundedQuantity: number;
  /** Units held by open return requests (pending, approved, received). */
  requestedQuantity: number;
  /**
   * Units returned by completed requests. Their refund reaches the platform (ours through the port, or the merchant's
   * own in their store), so they are counted once with the platform's refunded units, not on top of them.
   */
  completedQuantity: number;
}

export interface OrderFacts {
  createdAt: number;
  /** Whole order refunded at the platform. */
  refunded: boolean;
}

/** What the shop's rules decided for the line (domain evaluateRules): its window, and whether a rule denies it. */
export interface LinePolicy {
  windowDays: number;
  denied: boolean;
}

const DAY = 86400;

/** Why a line cannot be returned, or null if it can (spec screen 2's four reasons), with the refundable quantity. */
export function lineEligibility(
  order: OrderFacts,
  line: LineFacts,
  policy: LinePolicy,
  now: number,
): { reason: NonReturnableReason | null; refundable: number } {
  const held = line.requestedQuantity + Math.max(line.refundedQuantity, line.completedQuantity);
  const refundable = Math.max(0, line.quantity - held);
  const byApp = line.requestedQuantity + line.completedQuantity;
  // The platform's refunds are all of our own making: the line is taken by the app, not refunded at the platform.
  if (byApp > 0 && refundable === 0 && line.refundedQuantity <= line.completedQuantity) {
    return { reason: NonReturnableReason.ProcessedByApp, refundable };
  }
  if (order.refunded || line.refundedQuantity >= line.quantity) {
    return { reason: NonReturnableReason.RefundedAtPlatform, refundable: 0 };
  }
  if (byApp > 0 && refundable === 0) return { reason: NonReturnableReason.ProcessedByApp, refundable };
  if (now - order.createdAt > policy.windowDays * DAY) {
    return { reason: NonReturnableReason.MissedWindow, refundable: 0 };
  }
  if (policy.denied) return { reason: NonReturnableReason.Other, refundable: 0 };
  return { reason: refundable > 0 ? null : NonReturnableReason.Other, refundable };
}
