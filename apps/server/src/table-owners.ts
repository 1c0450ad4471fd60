import type { TableOwner } from './db/ownership.js';
import { mailTables } from './adapters/mail/mail-tables.js';
import { paymentsTables } from './adapters/payments/payments-tables.js';
import { rateLimitsTables } from './adapters/rate-limits/rate-limits-tables.js';
import { localPlatformTables } from './adapters/store-platform/local-tables.js';
import { shopifyPlatformTables } from './adapters/store-platform/shopify/shopify-tables.js';
import { authTables } from './modules/auth/auth.tables.js';
import { carrierWebhooksTables } from './modules/carrier-webhooks/carrier-webhooks.tables.js';
import { documentsTables } from './modules/documents/documents.tables.js';
import { jobsTables } from './modules/jobs/jobs.tables.js';
import { merchantTables } from './modules/merchant/merchant.tables.js';
import { orderFeedTables } from './modules/order-feed/order-feed.tables.js';
import { payoutsTables } from './modules/payouts/payouts.tables.js';
import { requestsTables } from './modules/requests/requests.tables.js';
import { rulesTables } from './modules/rules/rules.tables.js';
import { shopifyTables } from './modules/shopify/shopify.tables.js';
import { staffTables } from './modules/staff/staff.tables.js';
import { storefrontConfigTables } from './modules/storefront-config/storefront-config.tables.js';
import { uploadsTables } from './modules/uploads/uploads.tables.js';
import { webhooksTables } from './modules/webhooks/webhooks.tables.js';
import { emailTemplatesTables } from './modules/notifications/email-templates.tables.js';
import { withdrawalsTables } from './modules/withdrawals/withdrawals.tables.js';
import { retentionTables } from './modules/retention/retention.tables.js';
import { instantHoldsTables } from './modules/returns/instant-holds.tables.js';
import { exchangeDifferencesTables } from './modules/exchanges/difference-payments.tables.js';

/**
 * Who owns each table (DESIGN §4; docs/architecture.md "Who owns each table"): the only code that writes it, which
 * says which of its columns hold personal data and forgets a customer or a shop. The modules' owners forget inside
 * Privacy's transaction (the requests first: they tell whose orders and files are the customer's).
 */
export const MODULE_TABLE_OWNERS: readonly TableOwner[] = [
  requestsTables,
  uploadsTables,
  documentsTables,
  payoutsTables,
  authTables,
  jobsTables,
  shopifyTables,
  staffTables,
  storefrontConfigTables,
  merchantTables,
  orderFeedTables,
  carrierWebhooksTables,
  rulesTables,
  webhooksTables,
  emailTemplatesTables,
  withdrawalsTables,
  retentionTables,
  instantHoldsTables,
  exchangeDifferencesTables,
];

/** Adapters' own tables: each forgets through its port (ForgetsPeople), after the modules' tables. */
export const ADAPTER_TABLE_OWNERS: readonly TableOwner[] = [
  localPlatformTables,
  shopifyPlatformTables,
  mailTables,
  rateLimitsTables,
  paymentsTables,
];

export const TABLE_OWNERS: readonly TableOwner[] = [...MODULE_TABLE_OWNERS, ...ADAPTER_TABLE_OWNERS];
