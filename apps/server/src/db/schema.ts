import type { ColumnType, Generated } from 'kysely';
import type { RefundState } from '@return-center/contract';
import type { MailSchema } from '../adapters/mail/mail-schema.js';
import type { SandboxPaymentsSchema } from '../adapters/payments/payments-schema.js';
import type { RateLimitsSchema } from '../adapters/rate-limits/rate-limits-schema.js';
import type { LocalPlatformSchema } from '../adapters/store-platform/local-schema.js';
import type { ShopifyPlatformSchema } from '../adapters/store-platform/shopify/shopify-schema.js';
import type { AccessSchema } from './access-schema.js';
import type { DeskSchema } from './desk-schema.js';
import type { GiftRequestColumns } from './gift-schema.js';
import type { ExchangeDifferencesSchema } from './difference-schema.js';
import type { HoldRequestColumns, InstantHoldsSchema } from './hold-schema.js';
import type { WebhooksSchema } from './webhooks-schema.js';
import type { EmailsSchema } from './emails-schema.js';
import type { ShopifyAppSchema } from './shopify-app-schema.js';
import type { WithdrawalRequestColumns, WithdrawalsSchema } from './withdrawals-schema.js';
import type { RetentionSchema } from './retention-schema.js';

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
  /** Who saved the settings last ("console:<staff email>", "merchant-api", "cli"; '' before migration 037), and when. */
  settings_saved_by: Generated<string>;
  settings_saved_at: Generated<number>;
  created_at: number;
}

export interface ReturnRequestsTable extends GiftRequestColumns, HoldRequestColumns, WithdrawalRequestColumns {
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
  /** The version of the shop's rule set that decided the request, and those rules (JSON `[{id, name}]`). */
  rule_set_version: Generated<number>;
  decided_by: Generated<string>;
  /** What the rules decided for the desk (JSON of domain DeskOutcome; '{}' for requests made before rules). */
  rule_outcome: Generated<string>;
  /** The staff account the request is assigned to; 0 for nobody (issue 33). */
  assignee_id: Generated<number>;
  /** When the request's personal data was deleted (retention, a customer's or shop's redaction); null until then. */
  forgotten_at: Generated<number | null>;
  created_at: number;
  updated_at: number;
}

/** A shop's return rules (contract `ruleSetBody` as JSON) and the version a save must name. */
export interface ReturnRulesTable {
  shop_id: number;
  version: number;
  body: string;
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
  /** The request id (Fastify's reqId) of the HTTP request that queued the job, directly or through other jobs. */
  req_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The W3C traceparent of the span that queued it, when traces are sent: the job's span continues that trace. */
  trace_parent: ColumnType<string | null, string | null | undefined, string | null>;
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

/** Units of a returned item as the desk inspected them at receipt (issue 33, migration 034). */
export interface ItemInspectionsTable {
  id: Generated<number>;
  request_id: number;
  order_line_id: number;
  quantity: number;
  /** One of the contract's ITEM_CONDITIONS. */
  condition: string;
  /** 1 when the units go back on sale when refunded. */
  restock: number;
  /** 'accepted' or 'rejected'. */
  outcome: string;
  reason: Generated<string>;
  created_at: number;
}

export interface DocumentsTable {
  id: Generated<number>;
  request_id: number;
  kind: string;
  content_base64: string;
  created_at: number;
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

/**
 * Every table. Adapters that keep tables declare them beside themselves (`*-schema.ts`, row types only); the parts'
 * description lets db/ import those and nothing else of an adapter.
 */
export interface Database
  extends
    AccessSchema,
    DeskSchema,
    WebhooksSchema,
    EmailsSchema,
    ShopifyAppSchema,
    WithdrawalsSchema,
    RetentionSchema,
    InstantHoldsSchema,
    ExchangeDifferencesSchema,
    LocalPlatformSchema,
    ShopifyPlatformSchema,
    MailSchema,
    RateLimitsSchema,
    SandboxPaymentsSchema {
  shops: ShopsTable;
  return_requests: ReturnRequestsTable;
  return_items: ReturnItemsTable;
  item_inspections: ItemInspectionsTable;
  return_rules: ReturnRulesTable;
  request_events: RequestEventsTable;
  order_webhook_secrets: OrderWebhookSecretsTable;
  order_webhook_deliveries: OrderWebhookDeliveriesTable;
  order_imports: OrderImportsTable;
  jobs: JobsTable;
  documents: DocumentsTable;
  app_secrets: AppSecretsTable;
  uploads: UploadsTable;
  payout_recipients: PayoutRecipientsTable;
  carrier_events: CarrierEventsTable;
}
