import type { TableOwner } from '../../../db/ownership.js';

/** The Shopify adapter's numbers for Shopify's ids: nothing of a person; dropped with the shop (forgetShop). */
export const shopifyPlatformTables: TableOwner = {
  owner: 'adapters/store-platform/shopify',
  tables: { shopify_ids: {} },
};
