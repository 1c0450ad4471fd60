import type { Generated } from 'kysely';
import type { RefundState } from '@return-center/contract';

/** Row types. Times are unix seconds; money is integer minor units; flags are 0/1. */
export interface ShopsTable {
  id: Generated<number>;
  shop_url: string;
  name: string;
  currency: string;
  currency_format: string;
  contact_email: string;
  contact_phone: string;
  /** JSON: style, text, languages, custom_css, return settings (merchant-editable). */
  settings: string;
  /** Goes up by one with every settings save (a save from an older version is refused). */
  settings_version: Generated<number>;
  created_at: number;
}

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
}

export interface ReturnRequestsTable {
  id: Generated<number>;
  shop_id: number;
  order_id: number;
  status: number;
  solution_id: number;
  shipping_method_id: number;
  refund: number;
  currency: string;
  language: string;
  idempotency_key: string;
  /** sha256 of what the submit asked for (order, solution, method, items); '' on requests older than it. */
  submit_fingerprint: Generated<string>;
  /** Spec §7 submit `from`: where the shopper entered the portal (default 2). */
  entry_source: Generated<number>;
  /** Spec §7 submit `type`: 1 a return, 2 an exchange. */
  request_type: Generated<number>;
  /** The total refund the shopper was shown when submitting (minor units), when the portal sent it. */
  shown_total: number | null;
  /** The store platform's id of the order (spec `shopify_order_id`). */
  platform_order_id: Generated<string>;
  /** The order as it was at the request: its name ("#1001"), number as looked up ("1001") and email. */
  order_name: string;
  order_number: string;
  customer_email: string;
  /** JSON of the return money computed at submit. */
  money: Generated<string>;
  decline_reason: Generated<string>;
  /** Exchanges: the platform's draft order holding the new items, '' otherwise. */
  exchange_draft_order_id: Generated<string>;
  /** Exchanges: JSON list of the new items as they were at submit (see migration 015). */
  exchange_items: Generated<string>;
  /** Exchanges: what the return was worth towards the new items (minor units). */
  exchange_credit: Generated<number>;
  /** Exchanges: the order the approved exchange became at the platform ('' until then). */
  exchange_order_id: Generated<string>;
  exchange_order_name: Generated<string>;
  /** What rejecting the exchange refunded of the difference paid at the checkout (minor units). */
  exchange_refunded: Generated<number>;
  tracking_number: Generated<string>;
  shipping_carrier: Generated<string>;
  /** JSON list of proof image URLs sent with the tracking. */
  tracking_proof: Generated<string>;
  label_url: Generated<string>;
  packing_slip_url: Generated<string>;
  /** A code to drop the item off without a box, from the carrier with the label ('' when it gave none). */
  drop_off_code: Generated<string>;
  /** The carrier's latest tracker status of the parcel (`in_transit`, `delivered`…), from its webhook. */
  carrier_status: Generated<string>;
  discount_code: Generated<string>;
  gift_card_code: Generated<string>;
  refund_state: Generated<RefundState>;
  actual_refund: Generated<number>;
  /** Carrier pickup: JSON of the pickup slot the shopper chose ('' for other methods; migration 023). */
  pickup: Generated<string>;
  /** JSON of the carrier's booking of that pickup, once approved ('' until then). */
  pickup_booking: Generated<string>;
  /** Bank transfer: the payee account the shopper created, and the payout the refund made. */
  payout_account_id: Generated<string>;
  payout_transfer_id: Generated<string>;
  payout_state: Generated<string>;
  created_at: number;
  updated_at: number;
}

export interface RequestEventsTable {
  id: Generated<number>;
  request_id: number;
  actor: string;
  action: string;
  from_status: number;
  to_status: number;
  note: string;
  at: number;
}

export interface OrderWebhookSecretsTable {
  shop_id: number;
  secret: string;
  created_at: number;
}

export interface OrderWebhookDeliveriesTable {
  shop_id: number;
  delivery_id: string;
  received_at: number;
}

/** An import call running for the shop (order-feed's import lease). */
export interface OrderImportsTable {
  shop_id: number;
  token: string;
  renewed_at: number;
}

export interface MerchantKeysTable {
  id: Generated<number>;
  shop_id: number;
  key_hash: string;
  label: string;
  /** The key's last characters, shown so the owner can tell keys apart. */
  hint: Generated<string>;
  created_at: number;
}

export interface StaffAccountsTable {
  id: Generated<number>;
  shop_id: number;
  email: string;
  name: string;
  role: 'owner' | 'staff';
  password_hash: string;
  /** Sealed with an app secret (src/secret-box.ts); '' until set up. */
  totp_secret: Generated<string>;
  totp_enabled: Generated<number>;
  /** The time step of the last code taken: a code works once. */
  totp_last_step: Generated<number>;
  created_at: number;
}

export interface StaffSessionsTable {
  token_hash: string;
  account_id: number;
  created_at: number;
  expires_at: number;
}

export interface StaffLinksTable {
  token_hash: string;
  purpose: 'invite' | 'reset';
  shop_id: number;
  email: string;
  role: 'owner' | 'staff';
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** A pending invitation to a shop's console: one per shop and email; its emailed links claim it. */
export interface StaffInvitesTable {
  id: Generated<number>;
  shop_id: number;
  email: string;
  role: 'owner' | 'staff';
  created_at: number;
  expires_at: number;
}

export interface JobsTable {
  id: Generated<number>;
  kind: string;
  payload: string;
  dedupe_key: string;
  status: string;
  attempts: number;
  run_at: number;
  locked_until: number | null;
  last_error: string;
  created_at: number;
  done_at: number | null;
}

export interface ReturnItemsTable {
  id: Generated<number>;
  request_id: number;
  /** The platform's id of the order line. */
  order_line_id: number;
  quantity: number;
  /** The line as it was at the request (the platform's copy may change or go). */
  title: string;
  variant_title: string;
  sku: string;
  image: string;
  product_id: number;
  variant_id: number;
  /** Unit price, the line's whole discount and tax, and its units on the order, in minor units. */
  price: number;
  discount: number;
  tax: number;
  line_quantity: number;
  reason_id: number;
  reason_group_id: Generated<number>;
  reason_text: string;
  description: string;
  proof: string;
}

export interface VerificationCodesTable {
  id: Generated<number>;
  shop_id: number;
  email: string;
  code_hash: string;
  attempts: number;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

export interface SessionsTable {
  token_hash: string;
  shop_id: number;
  email: string;
  order_id: number | null;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export interface RateLimitsTable {
  bucket: string;
  /** When the current window ends (unix seconds); the next hit after it starts a new window. */
  expires_at: number;
  hits: number;
}

export interface MailsTable {
  id: Generated<number>;
  shop_id: number | null;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  sent_at: number;
}

export interface DocumentsTable {
  id: Generated<number>;
  request_id: number;
  kind: string;
  content_base64: string;
  created_at: number;
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

export interface AppSecretsTable {
  name: string;
  value: string;
}

export interface UploadsTable {
  id: Generated<number>;
  shop_id: number;
  email: string;
  raw_key: string;
  final_key: string;
  filename: string;
  content_type: string;
  /** pending → uploading → uploaded (disk; S3 stays pending) → done | failed; unfinished ones end as expired */
  status: string;
  size: number;
  created_at: number;
}

export interface PayoutRecipientsTable {
  shop_id: number;
  account_id: string;
  order_id: number;
  holder: string;
  iban_last4: string;
  currency: string;
  created_at: number;
}

export interface CarrierEventsTable {
  event_id: string;
  received_at: number;
}

/** The Shopify adapter's small numbers for Shopify's ids (which pass 2^31), per shop and kind. */
export interface ShopifyIdsTable {
  id: Generated<number>;
  shop_id: number;
  kind: string;
  shopify_id: string;
}

/** A shop installed from Shopify: its myshopify domain and offline token (sealed), until it is uninstalled. */
export interface ShopifyInstallsTable {
  shop_id: number;
  domain: string;
  /** The offline access token sealed with SHOPIFY_TOKEN_KEY; empty once uninstalled. */
  token: string;
  scopes: string;
  installed_at: number;
  uninstalled_at: number | null;
}

/**
 * Webhook deliveries seen, so a redelivery does nothing twice: `event_id` is an X-Shopify-Event-Id, or
 * `webhook:` and an X-Shopify-Webhook-Id.
 */
export interface ShopifyWebhookEventsTable {
  event_id: string;
  topic: string;
  domain: string;
  received_at: number;
}

/** customers/data_request deliveries: the merchant owes the customer an answer. */
export interface ShopifyDataRequestsTable {
  id: Generated<number>;
  shop_id: number;
  email: string;
  payload: string;
  received_at: number;
}

export interface Database {
  shops: ShopsTable;
  customers: CustomersTable;
  products: ProductsTable;
  variants: VariantsTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  return_requests: ReturnRequestsTable;
  return_items: ReturnItemsTable;
  verification_codes: VerificationCodesTable;
  sessions: SessionsTable;
  rate_limits: RateLimitsTable;
  mails: MailsTable;
  request_events: RequestEventsTable;
  merchant_keys: MerchantKeysTable;
  staff_accounts: StaffAccountsTable;
  staff_sessions: StaffSessionsTable;
  staff_links: StaffLinksTable;
  staff_invites: StaffInvitesTable;
  order_webhook_secrets: OrderWebhookSecretsTable;
  order_webhook_deliveries: OrderWebhookDeliveriesTable;
  order_imports: OrderImportsTable;
  jobs: JobsTable;
  documents: DocumentsTable;
  app_secrets: AppSecretsTable;
  platform_refunds: PlatformRefundsTable;
  collections: CollectionsTable;
  collection_products: CollectionProductsTable;
  platform_draft_orders: PlatformDraftOrdersTable;
  platform_draft_order_lines: PlatformDraftOrderLinesTable;
  uploads: UploadsTable;
  payout_recipients: PayoutRecipientsTable;
  carrier_events: CarrierEventsTable;
  shopify_ids: ShopifyIdsTable;
  shopify_installs: ShopifyInstallsTable;
  shopify_webhook_events: ShopifyWebhookEventsTable;
  shopify_data_requests: ShopifyDataRequestsTable;
}
