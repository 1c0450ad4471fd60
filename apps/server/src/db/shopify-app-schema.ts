import type { Generated } from 'kysely';

// The Shopify app's tables (modules/shopify): its installs, the deliveries it has seen, the data requests it owes.

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

/** Shopify's deliveries seen, so one comes once: `event_id` is its X-Shopify-Event-Id or `webhook:<Webhook-Id>`. */
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

export interface ShopifyAppSchema {
  shopify_installs: ShopifyInstallsTable;
  shopify_webhook_events: ShopifyWebhookEventsTable;
  shopify_data_requests: ShopifyDataRequestsTable;
}
