import { z } from 'zod';
import { int, minor } from './envelope.js';

/**
 * Instant exchanges (issue 36, ADR 047): the new items ship at once against a hold on the shopper's card, let go when
 * the return arrives. Off by default; a rule may offer or withhold it per return (`instant_exchange` action).
 */
export const instantExchangeSettings = z.object({
  /** Offered on every exchange of the shop, unless a rule decides otherwise. */
  enabled: z.boolean().default(false),
  /**
   * Days the parcel has to arrive before the hold is captured in full. The server never waits longer than the
   * payments provider keeps an authorisation (Stripe: 7 days), whatever is set here.
   */
  capture_after_days: int.min(1).max(30).default(14),
});
export type InstantExchangeSettings = z.infer<typeof instantExchangeSettings>;

/** When a hold is let go: when the return is received, or at the carrier's first scan of the parcel. */
export const HOLD_RELEASE_MOMENTS = ['received', 'first_scan'] as const;
export type HoldReleaseMoment = (typeof HOLD_RELEASE_MOMENTS)[number];

/** A card hold as the payments provider reports it (the port's states). */
export const holdState = z.enum(['awaiting_shopper', 'held', 'captured', 'released']);
export type HoldState = z.infer<typeof holdState>;

/** The portal's hold step: the hold for an exchange's new items, and where the shopper authorises it. */
export const exchangeHold = z.object({
  draft_order_id: z.string(),
  state: holdState,
  /** Minor units held (or to hold). */
  amount: minor,
  currency: z.string(),
  /** The provider's page while the shopper has not authorised it; '' afterwards. */
  pay_url: z.string(),
  /** When the hold is let go, as the rules or the shop decide. */
  release_on: z.enum(HOLD_RELEASE_MOMENTS),
  /** Days the parcel has from the submit before the hold is captured in full (the provider's limit applied). */
  capture_after_days: int.positive(),
});
export type ExchangeHold = z.infer<typeof exchangeHold>;

/** What a request keeps of its hold, as the console and the status page show it. */
export const requestHold = z.object({
  state: holdState,
  amount: minor,
  captured: minor,
  currency: z.string(),
  release_on: z.enum(HOLD_RELEASE_MOMENTS),
  /** When it is captured in full if the parcel has not arrived (unix seconds); 0 once settled. */
  capture_at: int,
  payment_id: z.string(),
});
export type RequestHold = z.infer<typeof requestHold>;
