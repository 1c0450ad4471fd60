import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Db, Dialect } from './database.js';
import { withOwnSchemaIntrospection } from './own-schema.js';
import * as initial from './migrations/001-initial.js';

import * as returnMoney from './migrations/003-return-money.js';
import * as lifecycle from './migrations/004-lifecycle.js';
import * as uploads from './migrations/005-uploads.js';
import * as uploadSweep from './migrations/006-upload-sweep.js';
import * as submitFingerprint from './migrations/007-submit-fingerprint.js';
import * as submitDetails from './migrations/008-submit-details.js';
import * as ownSnapshot from './migrations/009-own-snapshot.js';
import * as feedIdentity from '../adapters/store-platform/migrations/010-feed-identity.js';
import * as orderWebhooks from './migrations/011-order-webhooks.js';
import * as catalogueAndDrafts from '../adapters/store-platform/migrations/012-catalogue-and-drafts.js';
import * as rateLimitExpiry from './migrations/013-rate-limit-expiry.js';
import * as catalogueOrder from '../adapters/store-platform/migrations/014-catalogue-order.js';
import * as exchangeRequests from './migrations/015-exchange-requests.js';
import * as draftCompletion from '../adapters/store-platform/migrations/016-draft-completion.js';
import * as exchangeOrder from './migrations/017-exchange-order.js';
import * as draftRefundAndExpiry from '../adapters/store-platform/migrations/018-draft-refund-and-expiry.js';
import * as exchangeRefund from './migrations/019-exchange-refund.js';
import * as catalogueSearch from '../adapters/store-platform/migrations/020-catalogue-search.js';
import * as draftGroups from '../adapters/store-platform/migrations/021-draft-groups.js';
import * as shippingAddress from '../adapters/store-platform/migrations/022-shipping-address.js';
import * as pickupAndPayouts from './migrations/023-pickup-and-payouts.js';
import * as carrierDetails from './migrations/024-carrier-details.js';
import * as consoleAccounts from './migrations/025-console-accounts.js';
import * as shopifyIds from '../adapters/store-platform/migrations/026-shopify-ids.js';
import * as shopifyInstalls from './migrations/027-shopify-installs.js';
import * as staffInvites from './migrations/028-staff-invites.js';
import * as draftHolds from '../adapters/store-platform/migrations/029-draft-holds.js';
import * as orderImports from './migrations/030-order-imports.js';

/** Migrations are listed in code (no directory scan) so they bundle and run identically everywhere. */
const ALL = {
  '001-initial': initial,
  '003-return-money': returnMoney,
  '004-lifecycle': lifecycle,
  '005-uploads': uploads,
  '006-upload-sweep': uploadSweep,
  '007-submit-fingerprint': submitFingerprint,
  '008-submit-details': submitDetails,
  '009-own-snapshot': ownSnapshot,
  '010-feed-identity': feedIdentity,
  '011-order-webhooks': orderWebhooks,
  '012-catalogue-and-drafts': catalogueAndDrafts,
  '013-rate-limit-expiry': rateLimitExpiry,
  '014-catalogue-order': catalogueOrder,
  '015-exchange-requests': exchangeRequests,
  '016-draft-completion': draftCompletion,
  '017-exchange-order': exchangeOrder,
  '018-draft-refund-and-expiry': draftRefundAndExpiry,
  '019-exchange-refund': exchangeRefund,
  '020-catalogue-search': catalogueSearch,
  '021-draft-groups': draftGroups,
  '022-shipping-address': shippingAddress,
  '023-pickup-and-payouts': pickupAndPayouts,
  '024-carrier-details': carrierDetails,
  '025-console-accounts': consoleAccounts,
  '026-shopify-ids': shopifyIds,
  '027-shopify-installs': shopifyInstalls,
  '028-staff-invites': staffInvites,
  '029-draft-holds': draftHolds,
  '030-order-imports': orderImports,
};

export async function migrate(db: Db, dialect: Dialect): Promise<void> {
  const provider: MigrationProvider = {
    getMigrations() {
      return Promise.resolve(
        Object.fromEntries(
          Object.entries(ALL).map(([name, m]): [string, Migration] => [name, { up: (k) => m.up(k, dialect) }]),
        ),
      );
    },
  };
  // Kysely looks for its bookkeeping tables in every schema unless told which one: name ours, and let it see only ours,
  // so that databases sharing a PostgreSQL server in other schemas (or tests running side by side) never meet.
  const migrationTableSchema =
    dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const { error, results } = await new Migrator({
    db: dialect === 'postgres' ? withOwnSchemaIntrospection(db) : db,
    provider,
    migrationTableSchema,
  }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
}
