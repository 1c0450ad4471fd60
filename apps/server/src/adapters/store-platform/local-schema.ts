import type { Generated } from 'kysely';

/** Row types. Times are unix seconds; money is integer minor units; flags are 0/1. */
export interface CustomersTable {
  id: Generated<number>;
  shop_id: number;
  email: string;
  phone: string;
  first_name: string;
  last_name: string;
}

export interface ProductsTable {
  id: Generated<number>;
  shop_id: number;
  title: string;
  handle: string;
  image: string;
  tags: string;
  featured_rank: number;
  created_at: number;
  /** JSON list of the names of the options its variants differ by, e.g. ["Size", "Colour"]. */
  option_names: Generated<string>;
  /** The lowest price of its variants (minor units), kept by the catalogue's writes. */
  min_price: Generated<number>;
  /** What a search matches (searchTextOf: title, tags, SKUs), kept by the catalogue's writes. */
  search_text: Generated<string>;
  /** The product's type and vendor, '' when none. */
  product_type: Generated<string>;
  vendor: Generated<string>;
}

export interface CollectionsTable {
  id: Generated<number>;
  shop_id: number;
  title: string;
  handle: string;
  created_at: number;
}

export interface CollectionProductsTable {
  collection_id: number;
  product_id: number;
}

export interface VariantsTable {
  id: Generated<number>;
  product_id: number;
  title: string;
  sku: string;
  price: number;
  inventory_quantity: number;
  option1: string | null;
  option2: string | null;
  option3: string | null;
}

export interface OrdersTable {
  id: Generated<number>;
  shop_id: number;
  customer_id: number;
  platform_id: string;
  order_name: string;
  order_number: string;
  email: string;
  phone: string;
  currency: string;
  subtotal: number;
  discount: number;
  tax: number;
  shipping: number;
  total: number;
  created_at: number;
  fulfilled_at: number | null;
  delivered_at: number | null;
  refunded_at: number | null;
  /** JSON of the feed's shipping address, '' when the store sent none. */
  shipping_address: string;
  /** JSON lists of the order's own tags and of the discount codes used. */
  tags: Generated<string>;
  discount_codes: Generated<string>;
}

export interface OrderLinesTable {
  id: Generated<number>;
  order_id: number;
  /** The store's own id of the line (the local id as text for lines older than the feed). */
  platform_line_id: string;
  product_id: number;
  variant_id: number;
  title: string;
  variant_title: string;
  sku: string;
  image: string;
  price: number;
  quantity: number;
  discount: number;
  tax: number;
  tags: string;
  refunded_quantity: number;
  /** The product's type and vendor as fed ('' when none), and a JSON list of its collections' titles. */
  product_type: Generated<string>;
  vendor: Generated<string>;
  collections: Generated<string>;
}

export interface PlatformRefundsTable {
  id: Generated<number>;
  order_id: number;
  idempotency_key: string;
  kind: string;
  amount: number;
  currency: string;
  code: string;
  created_at: number;
}

export interface PlatformDraftOrdersTable {
  id: Generated<number>;
  shop_id: number;
  /** The order the exchange comes from. */
  order_id: number;
  idempotency_key: string;
  /** The group whose new draft cancels its earlier unpaid ones (DraftOrderInput.group); '' for none. */
  group_key: Generated<string>;
  email: string;
  currency: string;
  subtotal: number;
  credit: number;
  total: number;
  /** open | paid | cancelled */
  status: string;
  created_at: number;
  paid_at: number | null;
  /** The order the paid draft became (completeDraftOrder), null before. */
  completed_order_id: Generated<number | null>;
  /** What cancelling gave back of the draft's payment (minor units). */
  refunded: Generated<number>;
  /** 1 once the draft took its units out of stock (at once when nothing is due, else when paid). */
  holds_units: Generated<number>;
  /** Until when the draft keeps its units while no request holds it (seconds). */
  expires_at: Generated<number>;
  /** When a request came to hold the draft (holdDraftOrder); null before. */
  held_at: Generated<number | null>;
}

export interface PlatformDraftOrderLinesTable {
  id: Generated<number>;
  draft_order_id: number;
  product_id: number;
  variant_id: number;
  title: string;
  variant_title: string;
  sku: string;
  /** Unit price when the draft was made. */
  price: number;
  quantity: number;
}

/** The local store platform's tables (local-tables.ts says what they hold of people). */
export interface LocalPlatformSchema {
  customers: CustomersTable;
  products: ProductsTable;
  variants: VariantsTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  platform_refunds: PlatformRefundsTable;
  collections: CollectionsTable;
  collection_products: CollectionProductsTable;
  platform_draft_orders: PlatformDraftOrdersTable;
  platform_draft_order_lines: PlatformDraftOrderLinesTable;
}
