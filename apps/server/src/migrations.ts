import * as sandboxPayments from './adapters/payments/migrations/045-sandbox-payments.js';
import * as sandboxRefunds from './adapters/payments/migrations/053-sandbox-refunds.js';
import { STORE_PLATFORM_MIGRATIONS } from './adapters/store-platform/migrations/all.js';
import { DB_MIGRATIONS } from './db/migrations/all.js';

/** Every migration of the database: our tables', the store platform adapters' and the sandbox payments'; the migrator runs them by name. */
export const MIGRATIONS = {
  ...DB_MIGRATIONS,
  ...STORE_PLATFORM_MIGRATIONS,
  '045-sandbox-payments': sandboxPayments,
  '053-sandbox-refunds': sandboxRefunds,
};
