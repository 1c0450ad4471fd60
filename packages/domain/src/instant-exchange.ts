import type { HoldReleaseMoment, InstantExchangeSettings } from '@return-center/contract';
import type { RuleDecision } from './rules/evaluate.js';

/**
 * Whether an exchange may be instant (ADR 047): the first matching rule with an `instant_exchange` action decides,
 * else the shop's setting (let go at receipt). Null when it is not offered.
 */
export function instantExchangeOffer(
  settings: InstantExchangeSettings,
  decision: Pick<RuleDecision, 'instantExchange'>,
): { releaseOn: HoldReleaseMoment } | null {
  const byRule = decision.instantExchange;
  if (byRule) return byRule.offer ? { releaseOn: byRule.releaseOn } : null;
  return settings.enabled ? { releaseOn: 'received' } : null;
}

/**
 * What an instant exchange holds on the shopper's card: the part of the new items the return's credit pays for, which
 * the shop gives before the return is back. A difference the shopper paid at the checkout is theirs already.
 */
export const instantHoldAmount = (credit: number, newItemsTotal: number): number =>
  Math.max(0, Math.min(credit, newItemsTotal));

/**
 * What is captured of a hold when inspection refuses units: the hold less the accepted units' share of it (`accepted`,
 * from acceptedShare), so a hold of 8900 with one of two equal units refused takes 4450. Never more than the hold.
 */
export const rejectedShareOfHold = (hold: number, accepted: number): number =>
  Math.max(0, Math.min(hold, hold - accepted));

/**
 * How many days the shop waits for the parcel before capturing the hold: its setting, but never as long as the
 * provider keeps the authorisation (a day before it lapses, so the periodic capture is never late).
 */
export const holdCaptureDays = (settingDays: number, providerLifetimeDays: number): number =>
  Math.max(1, Math.min(settingDays, providerLifetimeDays - 1));
