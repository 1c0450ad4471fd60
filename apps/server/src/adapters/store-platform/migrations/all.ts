import type { DialectMigration } from '../../../db/migrate.js';
import * as feedIdentity from './010-feed-identity.js';
import * as catalogueAndDrafts from './012-catalogue-and-drafts.js';
import * as catalogueOrder from './014-catalogue-order.js';
import * as draftCompletion from './016-draft-completion.js';
import * as draftRefundAndExpiry from './018-draft-refund-and-expiry.js';
import * as catalogueSearch from './020-catalogue-search.js';
import * as draftGroups from './021-draft-groups.js';
import * as shippingAddress from './022-shipping-address.js';
import * as shopifyIds from './026-shopify-ids.js';
import * as draftHolds from './029-draft-holds.js';
import * as orderFacts from './031-order-facts.js';

/** The store platform adapters' tables' migrations (the local store's, Shopify's ids). */
export const STORE_PLATFORM_MIGRATIONS: Record<string, DialectMigration> = {
  '010-feed-identity': feedIdentity,
  '012-catalogue-and-drafts': catalogueAndDrafts,
  '014-catalogue-order': catalogueOrder,
  '016-draft-completion': draftCompletion,
  '018-draft-refund-and-expiry': draftRefundAndExpiry,
  '020-catalogue-search': catalogueSearch,
  '021-draft-groups': draftGroups,
  '022-shipping-address': shippingAddress,
  '026-shopify-ids': shopifyIds,
  '029-draft-holds': draftHolds,
  '031-order-facts': orderFacts,
};
