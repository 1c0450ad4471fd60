import type { FastifyBaseLogger } from 'fastify';
import {
  mailAndStorage,
  observeDelivery,
  paymentsAdapter,
  vendorAdapters,
  type VendorWatch,
} from './vendor-adapters.js';
import { shopifySetup } from './services-shopify.js';
import type { MailTransport } from './adapters/mail/port.js';
import { limitFamily } from './metrics.js';
import { DatabaseRateLimits } from './adapters/rate-limits/database.js';
import { LocalStorePlatform } from './adapters/store-platform/local.js';
import type { StorePlatform } from './adapters/store-platform/port.js';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Db, Dialect } from './db/database.js';
import type { ForgetsPeople } from './db/ownership.js';
import { decodingQueue, withPlatformFaults, type Faults } from './faults.js';
import { AuthService } from './modules/auth/auth.service.js';
import { CarrierWebhooksService } from './modules/carrier-webhooks/carrier-webhooks.service.js';
import { sendCodeJob } from './modules/auth/code-mail-job.js';
import { LIMITS, RateLimiter } from './modules/auth/rate-limiter.js';
import { Sessions } from './modules/auth/sessions.js';
import { VerificationCodes } from './modules/auth/verification-codes.js';
import { appSecret } from './modules/documents/app-secrets.js';
import { Documents } from './modules/documents/documents.js';
import { Outbox } from './modules/jobs/outbox.js';
import { Worker, type JobHandlers } from './modules/jobs/worker.js';
import { MerchantKeys } from './modules/merchant/merchant-keys.js';
import { MerchantService } from './modules/merchant/merchant.service.js';
import { OrderFeed } from './modules/order-feed/order-feed.service.js';
import { OrdersRepository } from './modules/orders/orders.repository.js';
import { OrdersService } from './modules/orders/orders.service.js';
import { CheckoutPayments } from './modules/exchanges/checkout-payments.js';
import { DifferencePayments } from './modules/exchanges/difference-payments.js';
import { ExchangesService } from './modules/exchanges/exchanges.service.js';
import { LifecycleService } from './modules/requests/lifecycle.service.js';
import { requestJobHandlers } from './modules/requests/request-jobs.js';
import { ruleJob } from './modules/requests/rule-job.js';
import { RequestsRepository } from './modules/requests/requests.repository.js';
import { DeskRepository } from './modules/requests/desk.repository.js';
import { announceDeskChange } from './modules/requests/announce.js';
import { DeskService } from './modules/requests/desk.service.js';
import { NewRequestsService } from './modules/requests/new-requests.service.js';
import { ShopperRequestsService } from './modules/requests/shopper-requests.service.js';
import { ReturnsService } from './modules/returns/returns.service.js';
import { DeskReturns } from './modules/returns/desk-returns.js';
import { RequestEdits } from './modules/requests/request-edits.js';
import { ExchangeDrafts } from './modules/returns/exchange-reservation.js';
import { ExchangeSteps } from './modules/returns/exchange-steps.js';
import { InstantHolds } from './modules/returns/instant-holds.js';
import { PayoutsService } from './modules/payouts/payouts.service.js';
import { PickupService } from './modules/pickup/pickup.service.js';
import { RulesRepository } from './modules/rules/rules.repository.js';
import { RulesService } from './modules/rules/rules.service.js';
import { RulesSimulator } from './modules/rules/rules-simulator.js';
import { webhooksSetup } from './modules/webhooks/webhooks-setup.js';
import { EmailTemplatesRepository } from './modules/notifications/email-templates.repository.js';
import { EmailTemplatesService } from './modules/notifications/email-templates.service.js';
import { ShopsRepository } from './modules/storefront-config/shops.repository.js';
import { StorefrontConfigService } from './modules/storefront-config/storefront-config.service.js';
import { UploadsService } from './modules/uploads/uploads.service.js';
import { UploadFiles } from './modules/uploads/uploads.tables.js';
import { Privacy } from './modules/privacy/privacy.service.js';
import { MODULE_TABLE_OWNERS, TABLE_OWNERS } from './table-owners.js';
import { retentionJobs } from './modules/retention/retention-jobs.js';
import { RetentionService } from './modules/retention/retention.service.js';
import { AnalyticsService } from './modules/analytics/analytics.service.js';
import { SecretBox } from './secret-box.js';
import { staffLinkJob } from './modules/staff/staff-links.js';
import { StaffRepository } from './modules/staff/staff.repository.js';
import { StaffService } from './modules/staff/staff.service.js';
import { withdrawalAckJob } from './modules/withdrawals/withdrawal-ack-job.js';
import { WithdrawalDesk } from './modules/withdrawals/withdrawal-desk.js';
import { WithdrawalsService } from './modules/withdrawals/withdrawals.service.js';

export interface ServiceOptions {
  mail?: MailTransport;
  limits?: typeof LIMITS;
  faults?: Faults;
  watch: VendorWatch;
}

/** Adapters first, then the services that use them (DESIGN §2). */
export async function createServices(
  config: Config,
  db: Db,
  dialect: Dialect,
  clock: Clock,
  log: FastifyBaseLogger,
  options: ServiceOptions,
) {
  const { watch } = options;
  const { metrics, tracing } = watch;
  const { mail, storage } = await mailAndStorage(config, db, clock, { mail: options.mail, watch });
  const localPlatform = new LocalStorePlatform(db, clock, await appSecret(db, 'local-checkout', config.APP_SECRET));
  // Redis's client loads only when configured, like SMTP and S3 (mailAndStorage).
  const limiter = new RateLimiter(
    config.REDIS_URL
      ? new (await import('./adapters/rate-limits/redis.js')).RedisRateLimits(config.REDIS_URL, clock)
      : new DatabaseRateLimits(db, clock),
    metrics ? (bucket) => metrics.rateLimitRefusals.inc({ limit: limitFamily(bucket) }) : undefined,
  );
  // Forgetting asks the files and these stores after the tables (Shopify's privacy webhooks; retention: the files only).
  const privacyOf = (...stores: Partial<ForgetsPeople>[]) =>
    new Privacy({ db, clock, owners: MODULE_TABLE_OWNERS, stores: [new UploadFiles(db, storage), ...stores] });
  const privacyWith = (platform: StorePlatform) => privacyOf(platform, mail, limiter.store);
  const shopify =
    config.STORE_PLATFORM === 'shopify' ? await shopifySetup(config, db, clock, limiter, privacyWith, watch) : null;
  const platform: StorePlatform = withPlatformFaults(shopify?.platform ?? localPlatform, options.faults);
  const { carrier, carrierWebhook, payouts, geocoder } = await vendorAdapters(config, watch);
  const sessions = new Sessions(db, clock, config.SESSION_TTL_MINUTES * 60);
  const shops = new ShopsRepository(db, clock);
  const storefront = new StorefrontConfigService(shops);
  const outbox = new Outbox(db, clock);
  const documentsSecret = await appSecret(db, 'documents', config.APP_SECRET);
  const documents = new Documents(db, clock, documentsSecret, config.DOCUMENT_LINK_DAYS * 86_400);
  const uploads = new UploadsService(
    db,
    storage,
    limiter,
    clock,
    options.limits?.uploadsPerSession,
    decodingQueue(options.faults),
  );
  const codes = new VerificationCodes(db, clock, config.CODE_TTL_MINUTES * 60);
  const auth = new AuthService({
    platform,
    sessions,
    codes,
    limiter,
    db,
    outbox,
    onQueued: () => worker.kick(),
    codeTtlMinutes: config.CODE_TTL_MINUTES,
    giftSecret: await appSecret(db, 'gift-codes', config.APP_SECRET),
    limits: options.limits ?? { ...LIMITS, loginPerIp: { ...LIMITS.loginPerIp, max: config.LOGIN_LIMIT_PER_IP } },
  });
  const requests = new RequestsRepository(db, dialect);
  const rules = new RulesService(new RulesRepository(db, clock), requests, platform);
  const orders = new OrdersService(platform, new OrdersRepository(db), rules, clock);
  const payees = new PayoutsService({ db, payouts, orders, limiter, clock });
  const publicUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  const payments = await paymentsAdapter(config, { db, clock, publicUrl }, watch);
  const differences = new DifferencePayments({ db, clock, payments: payments.payments, platform, outbox });
  const draftTtl = config.EXCHANGE_DRAFT_TTL_MINUTES * 60;
  const exchangeDrafts = new ExchangeDrafts(platform, limiter, clock, draftTtl, differences);
  const holds = new InstantHolds(payments.payments, { db, clock }, publicUrl, payments.holdLifetimeDays);
  const newRequests = new NewRequestsService(db);
  const returns = new ReturnsService(orders, newRequests, outbox, uploads, exchangeDrafts, clock, payees, rules, holds);
  const lifecycle = new LifecycleService({ db, dialect, clock, platform, requests, outbox, documents });
  // The desk's assignees are the shop's console members (`staff` is made below, before any call).
  const desk = new DeskService(new DeskRepository(db, announceDeskChange(outbox)), clock, (shopId) =>
    staff.listStaff(shopId),
  );
  const merchant = new MerchantService(new MerchantKeys(db, clock, limiter), requests, lifecycle, desk);
  const shopperRequests = new ShopperRequestsService({
    requests,
    orders,
    storefront,
    lifecycle,
    outbox,
    uploads,
    clock,
  });
  const accounts = new StaffRepository(db);
  const webhooks = webhooksSetup({
    db,
    dialect,
    outbox,
    clock,
    shops,
    mail,
    publicUrl,
    allowPrivate: config.WEBHOOKS_ALLOW_PRIVATE,
    ownerOf: async (shopId) => (await accounts.ofShop(shopId)).find((a) => a.role === 'owner')?.email ?? null,
    onQueued: () => worker.kick(),
    merchant,
    requests,
    ...(metrics && { onSent: observeDelivery(metrics) }),
  });
  const emails = new EmailTemplatesService(new EmailTemplatesRepository(db), clock, mail);
  const jobs = requestJobHandlers({
    db,
    shops,
    platform,
    carrier,
    payouts,
    payments: payments.payments,
    differences,
    documents,
    outbox,
    mail,
    requests,
    lifecycle,
    publicUrl,
    clock,
    announce: webhooks.announce,
    emails,
  });
  const staff = new StaffService({
    db,
    accounts,
    shops,
    limiter,
    box: new SecretBox(await appSecret(db, 'staff-totp', config.APP_SECRET)),
    outbox,
    onQueued: () => worker.kick(),
    clock,
    sessionTtlSeconds: config.CONSOLE_SESSION_HOURS * 3600,
    csrfSecret: await appSecret(db, 'console-csrf', config.APP_SECRET),
  });
  const requestEdits = new RequestEdits({ db, dialect, clock, outbox });
  const withdrawing = { db, platform, outbox, clock, requests: newRequests, onQueued: () => worker.kick() };
  const withdrawals = new WithdrawalsService({ ...withdrawing, limiter, limits: options.limits });
  // The store platform's orders are the shop's: retention forgets what returns hold, then the files (ADR 050).
  const retention = new RetentionService({ db, clock, shops, owners: TABLE_OWNERS, privacy: privacyOf() });
  const handlers: JobHandlers = {
    ...jobs.handlers,
    'staff.link': staffLinkJob({ db, accounts, shops, mail, clock, publicUrl }),
    'request.rules': ruleJob({ requests, shops, lifecycle }),
    'exchange.unused-holds': holds.unusedHoldsJob(),
    'exchange.difference-refunds': differences.refundsJob(),
    'withdrawal.acknowledge': withdrawalAckJob({ withdrawals, shops, mail, emails }),
    ...retentionJobs({ db, outbox, retention }),
    ...webhooks.handlers,
    'auth.send-code': sendCodeJob({
      platform,
      shops,
      codes,
      mail,
      emails,
      clock,
      codeTtlMinutes: config.CODE_TTL_MINUTES,
    }),
  };
  const worker = new Worker(outbox, handlers, log, {
    onDead: jobs.onDead,
    tracing,
    ...(metrics && { onFailure: (kind, final) => metrics.jobFailures.inc({ kind, final: String(final) }) }),
  });
  return {
    mail,
    sessions,
    worker,
    outbox,
    services: {
      auth,
      storefront,
      /** The shops' return rules (issue 32), and trying drafts of them on past requests. */
      rules,
      rulesSimulator: new RulesSimulator(rules, requests, platform),
      orders,
      exchanges: new ExchangesService(platform, clock, draftTtl),
      /** The local platform's own checkout page, for exchanges that cost more than the return (#13, ADR 047). */
      localCheckout: {
        checkout: new CheckoutPayments(localPlatform, payments.payments, differences, publicUrl),
        shops,
      },
      /** The install, webhooks and app proxy when STORE_PLATFORM=shopify (#16). */
      shopify: shopify?.services ?? null,
      returns,
      exchangeSteps: new ExchangeSteps(returns, orders, exchangeDrafts, holds),
      /** Card holds and payments (ADR 047); the sandbox's own pay page when it is the provider. */
      payments,
      /** Returns staff make or change for a shopper (issue 33 point 4), through the portal's rules. */
      deskReturns: new DeskReturns({ platform, orders, returns, reads: requests, edits: requestEdits }),
      pickup: new PickupService(carrier, geocoder, log, clock),
      carrierWebhook,
      /** The carrier's tracker events applied to the returns they track. */
      carrierEvents: new CarrierWebhooksService(db, outbox, clock),
      payouts: payees,
      lifecycle,
      merchant,
      /** Outbound webhooks and the event feed (issue 34). */
      webhooks: webhooks.service,
      /** The shops' email templates (issue 34 point 3, ADR 042). */
      emails,
      /** The EU withdrawal function (issue 35 point 1, ADR 046). */
      withdrawals,
      /** Declarations that made no request, linked by staff to one (ADR 046). */
      withdrawalDesk: new WithdrawalDesk({ ...withdrawing, withdrawals, reads: requests, edits: requestEdits }),
      retention,
      staff,
      analytics: new AnalyticsService(db, platform),
      shopperRequests,
      documents,
      uploads,
      limiter,
      /** Forgets a customer of a shop, or a shop, in every table (Shopify's privacy webhooks; retention). */
      privacy: privacyWith(platform),
      orderFeed: new OrderFeed(db, clock, (on) => new LocalStorePlatform(on, clock), dialect),
    },
  };
}

export type Services = Awaited<ReturnType<typeof createServices>>['services'];
