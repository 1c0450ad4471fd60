import type { ForgetsPeople } from '../../db/ownership.js';
import type { PlatformCatalogue } from './port-catalogue.js';
import type { PlatformDrafts } from './port-drafts.js';
import type { PlatformOrders } from './port-orders.js';
import type { PlatformRefunds } from './port-refunds.js';
import type { PlatformReturns } from './port-returns.js';

export * from './port-catalogue.js';
export * from './port-checkout.js';
export * from './port-drafts.js';
export * from './port-feed.js';
export * from './port-install.js';
export * from './port-orders.js';
export * from './port-refunds.js';
export * from './port-returns.js';

/**
 * Everything the product needs from a store platform, in our own types (money in minor units, times in seconds).
 * Every call names the shop: an adapter never answers one shop's data to another. One contract test file
 * (contract/*.contract.test.ts) says what every adapter must do. What it keeps of a shop's customers (in its own
 * tables, or in memory) it forgets when asked (ForgetsPeople: Shopify's privacy webhooks, retention). Each capability
 * has its file beside this one; those of port-checkout, port-feed and port-install only some platforms have.
 */
export interface StorePlatform
  extends ForgetsPeople, PlatformOrders, PlatformRefunds, PlatformCatalogue, PlatformDrafts, PlatformReturns {}

/**
 * The platform's rate limit leaves no room for the call before its deadline (the shop's budget is spent): nothing was
 * done, and the call may be made again after about `retryAfterSeconds`.
 */
export class PlatformBusy extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
    this.name = 'PlatformBusy';
  }
}
