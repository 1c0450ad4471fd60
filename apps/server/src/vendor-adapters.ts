import { present } from '@return-center/domain';
import type { BankPayouts } from './adapters/bank-payout/port.js';
import { SandboxBankPayouts } from './adapters/bank-payout/sandbox.js';
import { easyPostWebhook } from './adapters/carrier/easypost-webhook.js';
import type { Carrier, CarrierWebhook } from './adapters/carrier/port.js';
import { SandboxCarrier } from './adapters/carrier/sandbox.js';
import { GazetteerGeocoder } from './adapters/geocoder/gazetteer.js';
import type { Geocoder } from './adapters/geocoder/port.js';
import type { Payments } from './adapters/payments/port.js';
import { SandboxPayments } from './adapters/payments/sandbox.js';
import type { ShopifyOAuthOptions } from './adapters/store-platform/shopify/oauth.js';
import type { ShopifyShops } from './adapters/store-platform/shopify/shopify.js';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import { DevMailbox } from './adapters/mail/dev-mailbox.js';
import type { MailTransport } from './adapters/mail/port.js';
import { DiskStorage } from './adapters/storage/disk.js';
import type { Storage } from './adapters/storage/port.js';
import type { Metrics } from './metrics.js';
import { appSecret } from './modules/documents/app-secrets.js';
import type { SentWebhook } from './modules/webhooks/webhook-sender.js';
import { watchedVendor, type VendorWatch } from './vendor-calls.js';

export type { VendorWatch };

export interface VendorAdapters {
  carrier: Carrier;
  /** Only with EASYPOST_WEBHOOK_SECRET: POST /webhooks/easypost exists only then. */
  carrierWebhook: CarrierWebhook | null;
  payouts: BankPayouts;
  geocoder: Geocoder;
}

/**
 * The carrier, the bank payouts and the address search: sandboxes and the offline gazetteer by default, the real
 * providers when configured. A real client loads only when chosen, so the default start stays small.
 */
export async function vendorAdapters(config: Config, watch: VendorWatch): Promise<VendorAdapters> {
  const timeoutMs = config.VENDOR_TIMEOUT_MS;
  const carrier =
    config.CARRIER === 'easypost'
      ? new (await import('./adapters/carrier/easypost.js')).EasyPostCarrier({
          apiKey: present(config.EASYPOST_API_KEY, 'EASYPOST_API_KEY'),
          baseUrl: config.EASYPOST_BASE_URL,
          timeoutMs,
        })
      : new SandboxCarrier();
  const payouts =
    config.PAYOUTS === 'wise'
      ? new (await import('./adapters/bank-payout/wise.js')).WiseBankPayouts({
          apiToken: present(config.WISE_API_TOKEN, 'WISE_API_TOKEN'),
          profileId: present(config.WISE_PROFILE_ID, 'WISE_PROFILE_ID'),
          baseUrl: config.WISE_BASE_URL,
          timeoutMs,
        })
      : new SandboxBankPayouts();
  const geocoder =
    config.GEOCODER === 'google-places'
      ? new (await import('./adapters/geocoder/google-places.js')).GooglePlacesGeocoder({
          apiKey: present(config.GOOGLE_PLACES_API_KEY, 'GOOGLE_PLACES_API_KEY'),
          baseUrl: config.GOOGLE_PLACES_BASE_URL,
          timeoutMs,
        })
      : new GazetteerGeocoder();
  const carrierWebhook = config.EASYPOST_WEBHOOK_SECRET ? easyPostWebhook(config.EASYPOST_WEBHOOK_SECRET) : null;
  return {
    carrier: watchedVendor('carrier', config.CARRIER, carrier, watch),
    carrierWebhook,
    payouts: watchedVendor('bank-payout', config.PAYOUTS, payouts, watch),
    geocoder: watchedVendor('geocoder', config.GEOCODER, geocoder, watch),
  };
}

/**
 * Card holds and payments (ADR 047): the sandbox by default, whose pay page is served by our server (`sandbox`, null
 * with a real provider, whose page is its own).
 */
export async function paymentsAdapter(
  config: Config,
  deps: { db: Db; clock: Clock; publicUrl: string },
  watch: VendorWatch,
): Promise<{ payments: Payments; sandbox: SandboxPayments | null; holdLifetimeDays: number }> {
  const sandbox =
    config.PAYMENTS === 'sandbox'
      ? new SandboxPayments(
          deps.db,
          deps.clock,
          await appSecret(deps.db, 'sandbox-payments', config.APP_SECRET),
          deps.publicUrl,
        )
      : null;
  const payments: Payments =
    sandbox ??
    new (await import('./adapters/payments/stripe.js')).StripePayments({
      secretKey: present(config.STRIPE_SECRET_KEY, 'STRIPE_SECRET_KEY'),
      baseUrl: config.STRIPE_BASE_URL,
      timeoutMs: config.VENDOR_TIMEOUT_MS,
    });
  return {
    payments: watchedVendor('payments', config.PAYMENTS, payments, watch),
    sandbox,
    holdLifetimeDays: HOLD_LIFETIME_DAYS[config.PAYMENTS],
  };
}

/**
 * How long a provider keeps a card authorisation before it lapses by itself: Stripe's is 7 days for online card
 * payments; the sandbox keeps its holds as long as a shop may wait for a parcel (ADR 047).
 */
export const HOLD_LIFETIME_DAYS: Record<Config['PAYMENTS'], number> = { sandbox: 30, stripe: 7 };

/** Each try of a webhook delivery, in /metrics: its time, and whether a 2xx answered (status 0: no answer at all). */
export const observeDelivery =
  (metrics: Metrics) =>
  ({ status, latencyMs }: SentWebhook): void =>
    metrics.webhookDeliveries.observe(
      {
        outcome: status >= 200 && status < 300 ? 'ok' : 'error',
        status_class: status === 0 ? 'none' : `${String(Math.floor(status / 100))}xx`,
      },
      latencyMs / 1000,
    );

/**
 * The mail transport and the file storage: the dev mailbox and local disk by default. The SMTP and S3 clients load
 * only when configured: each is a noticeable part of start-up time and memory.
 */
export async function mailAndStorage(
  config: Config,
  db: Db,
  clock: Clock,
  options: { mail?: MailTransport | undefined; watch: VendorWatch },
): Promise<{ mail: MailTransport; storage: Storage }> {
  let mail: MailTransport =
    options.mail ??
    (config.MAIL_TRANSPORT === 'smtp'
      ? new (await import('./adapters/mail/smtp.js')).SmtpTransport(
          present(config.SMTP_URL, 'SMTP_URL (required when MAIL_TRANSPORT=smtp)'),
          config.MAIL_FROM,
        )
      : new DevMailbox(db, clock));
  // The dev mailbox is a table of ours, not a vendor: only SMTP is watched.
  if (config.MAIL_TRANSPORT === 'smtp') mail = watchedVendor('mail', 'smtp', mail, options.watch);
  const storage =
    config.STORAGE_DRIVER === 's3'
      ? new (await import('./adapters/storage/s3.js')).S3Storage({
          bucket: present(config.S3_BUCKET, 'S3_BUCKET (required when STORAGE_DRIVER=s3)'),
          region: config.S3_REGION,
          endpoint: config.S3_ENDPOINT,
          accessKeyId: config.S3_ACCESS_KEY_ID,
          secretAccessKey: config.S3_SECRET_ACCESS_KEY,
          forcePathStyle: config.S3_FORCE_PATH_STYLE,
        })
      : new DiskStorage(config.UPLOAD_DIR, await appSecret(db, 'uploads', config.APP_SECRET), clock);
  return { mail, storage };
}

/**
 * STORE_PLATFORM=shopify: the Shopify adapter, reading each shop's token from `shops` (its installs), and the app's
 * OAuth grant. Loaded only then, like the vendor adapters above.
 */
export async function shopifyAdapters(
  config: Config,
  {
    app,
    ...deps
  }: {
    db: Db;
    clock: Clock;
    shops: ShopifyShops;
    codeSecret: string;
    app: Pick<ShopifyOAuthOptions, 'apiKey' | 'secret' | 'scopes'>;
  },
  watch: VendorWatch,
) {
  const timeoutMs = config.VENDOR_TIMEOUT_MS;
  const apiOrigin = config.SHOPIFY_ADMIN_ORIGIN;
  const { ShopifyStorePlatform } = await import('./adapters/store-platform/shopify/shopify.js');
  const { ShopifyOAuth } = await import('./adapters/store-platform/shopify/oauth.js');
  const platform = new ShopifyStorePlatform({ ...deps, apiOrigin, timeoutMs });
  return {
    platform: watchedVendor('store-platform', 'shopify', platform, watch),
    grant: new ShopifyOAuth({
      apiKey: app.apiKey,
      secret: app.secret,
      scopes: app.scopes,
      adminOrigin: apiOrigin,
      timeoutMs,
    }),
  };
}
