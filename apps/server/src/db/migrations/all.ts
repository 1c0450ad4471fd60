import type { DialectMigration } from '../migrate.js';
import * as initial from './001-initial.js';
import * as returnMoney from './003-return-money.js';
import * as lifecycle from './004-lifecycle.js';
import * as uploads from './005-uploads.js';
import * as uploadSweep from './006-upload-sweep.js';
import * as submitFingerprint from './007-submit-fingerprint.js';
import * as submitDetails from './008-submit-details.js';
import * as ownSnapshot from './009-own-snapshot.js';
import * as orderWebhooks from './011-order-webhooks.js';
import * as rateLimitExpiry from './013-rate-limit-expiry.js';
import * as exchangeRequests from './015-exchange-requests.js';
import * as exchangeOrder from './017-exchange-order.js';
import * as exchangeRefund from './019-exchange-refund.js';
import * as pickupAndPayouts from './023-pickup-and-payouts.js';
import * as carrierDetails from './024-carrier-details.js';
import * as consoleAccounts from './025-console-accounts.js';
import * as shopifyInstalls from './027-shopify-installs.js';
import * as staffInvites from './028-staff-invites.js';
import * as orderImports from './030-order-imports.js';
import * as returnRules from './031-return-rules.js';
import * as ruleOutcomes from './032-rule-outcomes.js';
import * as requestShopperIndex from './033-request-shopper-index.js';
import * as itemInspection from './034-item-inspection.js';
import * as requestDesk from './035-request-desk.js';
import * as settingsSaver from './037-settings-saver.js';
import * as staffLanguage from './038-staff-language.js';
import * as webhooks from './039-webhooks.js';
import * as emailTemplates from './040-email-templates.js';
import * as giftReturns from './042-gift-returns.js';
import * as withdrawals from './043-withdrawals.js';
import * as withdrawalDesk from './044-withdrawal-desk.js';
import * as exchangeHolds from './046-exchange-holds.js';
import * as retention from './047-retention.js';
import * as jobOrigin from './051-job-origin.js';
import * as instantHolds from './052-instant-holds.js';
import * as exchangeDifferences from './054-exchange-differences.js';
import * as abandonedHolds from './055-abandoned-holds.js';

/** Our own tables' migrations, listed in code (no directory scan) so they bundle and run identically everywhere. */
export const DB_MIGRATIONS: Record<string, DialectMigration> = {
  '001-initial': initial,
  '003-return-money': returnMoney,
  '004-lifecycle': lifecycle,
  '005-uploads': uploads,
  '006-upload-sweep': uploadSweep,
  '007-submit-fingerprint': submitFingerprint,
  '008-submit-details': submitDetails,
  '009-own-snapshot': ownSnapshot,
  '011-order-webhooks': orderWebhooks,
  '013-rate-limit-expiry': rateLimitExpiry,
  '015-exchange-requests': exchangeRequests,
  '017-exchange-order': exchangeOrder,
  '019-exchange-refund': exchangeRefund,
  '023-pickup-and-payouts': pickupAndPayouts,
  '024-carrier-details': carrierDetails,
  '025-console-accounts': consoleAccounts,
  '027-shopify-installs': shopifyInstalls,
  '028-staff-invites': staffInvites,
  '030-order-imports': orderImports,
  '031-return-rules': returnRules,
  '032-rule-outcomes': ruleOutcomes,
  '033-request-shopper-index': requestShopperIndex,
  '034-item-inspection': itemInspection,
  '035-request-desk': requestDesk,
  '037-settings-saver': settingsSaver,
  '038-staff-language': staffLanguage,
  '039-webhooks': webhooks,
  '040-email-templates': emailTemplates,
  '042-gift-returns': giftReturns,
  '043-withdrawals': withdrawals,
  '044-withdrawal-desk': withdrawalDesk,
  '046-exchange-holds': exchangeHolds,
  '047-retention': retention,
  '051-job-origin': jobOrigin,
  '052-instant-holds': instantHolds,
  '054-exchange-differences': exchangeDifferences,
  '055-abandoned-holds': abandonedHolds,
};
