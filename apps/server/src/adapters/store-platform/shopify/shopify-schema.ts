import type { Generated } from 'kysely';

/** The Shopify adapter's small numbers for Shopify's ids (which pass 2^31), per shop and kind. */
export interface ShopifyIdsTable {
  id: Generated<number>;
  shop_id: number;
  kind: string;
  shopify_id: string;
}

/** The Shopify adapter's table. */
export interface ShopifyPlatformSchema {
  shopify_ids: ShopifyIdsTable;
}
