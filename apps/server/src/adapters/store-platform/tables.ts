import type { Database } from '../../db/schema.js';

/**
 * The local store platform's tables: platform data, which only this folder reads or writes. Our own tables hold no
 * foreign key into them (issue #11), and code outside the adapter reaches them through the StorePlatform port.
 */
export const LOCAL_PLATFORM_TABLES = [
  'orders',
  'order_lines',
  'customers',
  'products',
  'variants',
  'platform_refunds',
  'collections',
  'collection_products',
  'platform_draft_orders',
  'platform_draft_order_lines',
] as const satisfies readonly (keyof Database)[];

export type LocalPlatformTable = (typeof LOCAL_PLATFORM_TABLES)[number];
