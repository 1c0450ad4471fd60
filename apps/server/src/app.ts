import { DEFAULT_LANGUAGE } from '@return-center/contract';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { MailTransport } from './adapters/mail/port.js';
import type { AppContext } from './app-context.js';
import { systemClock, type Clock } from './clock.js';
import { queueOverdueHolds } from './modules/requests/exchange-hold.js';
import { queueAbandonedHolds } from './modules/returns/instant-holds.js';
import type { Config } from './config.js';
import { createDb, type Db, type Dialect } from './db/database.js';
import type { Faults } from './faults.js';
import { migrate, pendingMigrations } from './db/migrate.js';
import { Metrics } from './metrics.js';
import { MIGRATIONS } from './migrations.js';
import { DEMO_MERCHANT_KEY, DEMO_OWNER, DEMO_SHOP, seedDemoShop } from './demo/demo-shop.js';
import { createServices } from './services.js';
import { merchantApiRoutes } from './modules/merchant/merchant.routes.js';
import { rulesRoutes } from './modules/rules/rules.routes.js';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.js';
import { emailsRoutes } from './modules/notifications/emails.routes.js';
import { withdrawalsRoutes } from './modules/withdrawals/withdrawals.routes.js';
import { retentionRoutes } from './modules/retention/retention.routes.js';
import { scheduleRetention } from './modules/retention/retention-jobs.js';
import { requestsRoutes } from './modules/requests/requests.routes.js';
import { uploadsRoutes } from './modules/uploads/uploads.routes.js';
import { frameworkErrors, installErrorHandler } from './http/error-handler.js';
import { refuseNulCharacters } from './http/refuse-nul.js';
import { servePortal } from './http/portal.js';
import { serveConsole } from './http/console.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import type { LIMITS } from './modules/auth/rate-limiter.js';
import { devDemoOrderRoutes } from './demo/demo-orders.routes.js';
import { devMailboxRoutes } from './modules/dev/mailbox.routes.js';
import { healthRoutes, SERVER_VERSION } from './modules/health/health.routes.js';
import { OneLinePerRequest } from './http/request-log.js';
import { requestWork } from './http/request-work.js';
import type { Tracing } from './tracing.js';
import { metricsRoutes, metricsServer } from './modules/health/metrics.routes.js';
import { orderFeedRoutes } from './modules/order-feed/order-feed.routes.js';
import { ordersRoutes } from './modules/orders/orders.routes.js';
import { exchangesRoutes } from './modules/exchanges/exchanges.routes.js';
import { payoutsRoutes } from './modules/payouts/payouts.routes.js';
import { carrierWebhooksRoutes } from './modules/carrier-webhooks/carrier-webhooks.routes.js';
import { pickupRoutes } from './modules/pickup/pickup.routes.js';
import { returnsRoutes } from './modules/returns/returns.routes.js';
import { assetOrigins } from './modules/storefront-config/asset-origins.js';
import { storefrontConfigRoutes } from './modules/storefront-config/storefront-config.routes.js';
import { accessibilityRoutes } from './modules/accessibility/accessibility.routes.js';
import { staffRoutes } from './modules/staff/staff.routes.js';
import { shopifyRoutes } from './modules/shopify/shopify.routes.js';
import { proxiedPortal, shopifyProxyCheck, unwrapProxied } from './modules/shopify/shopify-proxy.js';
import { shopifyWebhooksRoutes } from './modules/shopify/shopify-webhooks.routes.js';

export interface BuildOptions {
  clock?: Clock;
  /** An already-open database (tests); otherwise DATABASE_URL is opened. */
  database?: { db: Db; dialect: Dialect };
  mail?: MailTransport;
  /** Rate limits other than the defaults (load benchmarks). */
  limits?: typeof LIMITS;
  /** Where log lines go instead of stdout (tests that read the logs). */
  logStream?: { write(line: string): void };
  /** Dependencies made to fail, for tests of what a user gets then. */
  faults?: Faults;
}

const SWEEP_INTERVAL_MS = 10 * 60 * 1000;
const DRAFT_SWEEP_INTERVAL_MS = 60 * 1000;
const RETENTION_SCHEDULE_MS = 60 * 60 * 1000;
const assetsDir = fileURLToPath(new URL('../assets/catalogue', import.meta.url));

/** Builds the whole server: external plugins → adapters → modules (DESIGN §2). Nothing listens yet. */
export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance & { ctx: AppContext }> {
  const clock = options.clock ?? systemClock;
  const { db, dialect } = options.database ?? createDb(config.DATABASE_URL);
  await migrate(db, dialect, MIGRATIONS);
  if (config.SEED_DEMO) await seedDemoShop(db, clock);
  // OpenTelemetry loads only with OTEL_EXPORTER_OTLP_ENDPOINT (ADR 051): a default start stays as small as it was.
  const tracing: Tracing | null = config.OTEL_EXPORTER_OTLP_ENDPOINT
    ? (await import('./otel-tracing.js')).otlpTracing({
        endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
        headers: config.OTEL_EXPORTER_OTLP_HEADERS,
        serviceName: config.OTEL_SERVICE_NAME,
        version: SERVER_VERSION,
      })
    : null;

  // Measured only when served: METRICS_PORT or METRICS_TOKEN (ADR 045).
  const metrics = config.METRICS_PORT !== undefined || config.METRICS_TOKEN !== undefined ? new Metrics() : null;
  const app = Fastify({
    logger: { level: config.LOG_LEVEL, ...(options.logStream ? { stream: options.logStream } : {}) },
    trustProxy:
      typeof config.TRUST_PROXY === 'number'
        ? // A hop count: trust that many proxies nearest to us, whatever their addresses.
          (_address: string, hop: number) => hop < (config.TRUST_PROXY as number)
        : config.TRUST_PROXY,
    bodyLimit: 256 * 1024,
    // Unique across instances and restarts: a job run by another instance, or later, still names its request.
    genReqId: () => randomUUID(),
    frameworkErrors,
    logController: new OneLinePerRequest(metrics?.http),
    // Requests through the Shopify app proxy are routed as the same requests at our root (checked on arrival).
    rewriteUrl: unwrapProxied,
  });
  requestWork(app, tracing);
  if (metrics) metricsServer(app, config, metrics);
  installErrorHandler(app);
  refuseNulCharacters(app);
  // Reads the Cookie header into request.cookies; our few cookies are written by hand, attribute by attribute.
  await app.register(fastifyCookie);
  // The API speaks JSON only; other bodies get a clear 415 instead of a confusing schema error.
  app.removeContentTypeParser('text/plain');
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    // Served over HTTPS (our own TLS, or a trusted proxy's X-Forwarded-Proto): browsers keep to HTTPS for a year.
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });

  const { mail, sessions, worker, outbox, services } = await createServices(config, db, dialect, clock, app.log, {
    ...options,
    watch: { metrics, tracing, log: app.log },
  });
  metrics?.watchJobQueue(() => outbox.queue());
  // The demo key is a convenience for the person trying the demo; once an operator sets a key of their own, or turns
  // the demo off, it stops working (DESIGN §5).
  if (config.SEED_DEMO && !config.MERCHANT_API_KEY) {
    const demoShop = await services.storefront.requireShop(DEMO_SHOP);
    await services.merchant.keys.add(demoShop.id, DEMO_MERCHANT_KEY, 'demo');
    await services.staff.ensureDemoOwner(demoShop.id, DEMO_OWNER);
  } else {
    await services.merchant.keys.remove(DEMO_MERCHANT_KEY);
    await services.staff.removeAccount(DEMO_OWNER.email);
  }
  if (config.MERCHANT_API_KEY) {
    await services.merchant.keys.add(
      (await services.storefront.requireShop(config.DEFAULT_SHOP)).id,
      config.MERCHANT_API_KEY,
      'env',
    );
  }

  const ctx: AppContext = {
    app,
    config,
    clock,
    db,
    dialect,
    mail,
    authenticate: (request) => sessions.resolve(request),
    worker,
    services,
    metrics,
    pendingMigrations: () => pendingMigrations(db, MIGRATIONS),
  };
  for (const routes of [
    shopifyProxyCheck,
    healthRoutes,
    metricsRoutes,
    devMailboxRoutes,
    devDemoOrderRoutes,
    storefrontConfigRoutes,
    accessibilityRoutes,
    authRoutes,
    ordersRoutes,
    exchangesRoutes,
    returnsRoutes,
    pickupRoutes,
    payoutsRoutes,
    carrierWebhooksRoutes,
    requestsRoutes,
    merchantApiRoutes,
    rulesRoutes,
    webhooksRoutes,
    emailsRoutes,
    withdrawalsRoutes,
    retentionRoutes,
    staffRoutes,
    orderFeedRoutes,
    uploadsRoutes,
    shopifyRoutes,
    shopifyWebhooksRoutes,
  ])
    routes(ctx);
  await serveConsole(app, config.ADMIN_DIST);
  await servePortal(app, {
    dist: config.PORTAL_DIST,
    defaultShop: config.DEFAULT_SHOP,
    assets: assetsDir,
    bootData: async (shopUrl) => {
      const config = await services.storefront.inlineConfig(shopUrl, DEFAULT_LANGUAGE);
      return config ? { code: DEFAULT_LANGUAGE, config } : null;
    },
    shopPolicy: async (shopUrl) => {
      const settings = (await services.storefront.shops.byUrl(shopUrl))?.settings;
      return settings
        ? { frameOrigins: settings.embed_origins, assetOrigins: assetOrigins(settings) }
        : { frameOrigins: [], assetOrigins: [] };
    },
    openedOn: proxiedPortal,
  });

  if (config.WORKER_INTERVAL_MS > 0) worker.start(config.WORKER_INTERVAL_MS);
  // At start and every ten minutes, files of uploads nobody finished are deleted; every minute, exchange drafts no
  // request holds give their units back once past EXCHANGE_DRAFT_TTL_MINUTES (a new draft does not wait for it), and
  // instant exchanges' holds past their time are captured or let go.
  const sweep = () => {
    void services.uploads.sweep().catch((error: unknown) => app.log.warn({ err: error }, 'upload sweep failed'));
  };
  const expireDrafts = () => {
    void services.exchanges
      .expireAbandonedDrafts()
      .catch((error: unknown) => app.log.warn({ err: error }, 'draft expiry failed'));
    // Instant exchanges' holds whose parcel is past its time are captured by a typed job each, and holds the hold step
    // started that no request kept in time are let go by a job per order (ADR 047).
    const kickIfQueued = (queued: number) => {
      if (queued > 0) worker.kick();
    };
    void queueOverdueHolds(db, outbox, clock)
      .then(kickIfQueued)
      .catch((error: unknown) => app.log.warn({ err: error }, 'overdue holds failed'));
    void queueAbandonedHolds(db, outbox, clock, config.EXCHANGE_DRAFT_TTL_MINUTES * 60)
      .then(kickIfQueued)
      .catch((error: unknown) => app.log.warn({ err: error }, 'abandoned holds failed'));
  };
  // Retention runs once a day (ADR 050): instances that work on jobs queue the day's run at start and hourly; its key
  // makes it one.
  const scheduleRetentionRun = () => {
    if (config.WORKER_INTERVAL_MS <= 0) return;
    void scheduleRetention(db, outbox, services.retention).catch((error: unknown) =>
      app.log.warn({ err: error }, 'retention scheduling failed'),
    );
  };
  sweep();
  expireDrafts();
  scheduleRetentionRun();
  const sweeper = setInterval(sweep, SWEEP_INTERVAL_MS).unref();
  const retentionScheduler = setInterval(scheduleRetentionRun, RETENTION_SCHEDULE_MS).unref();
  const draftSweeper = setInterval(expireDrafts, DRAFT_SWEEP_INTERVAL_MS).unref();
  // Shutdown (ADR 045): the worker claims nothing more from the moment closing starts, while requests in flight finish;
  // its running job gets SHUTDOWN_GRACE_MS, then its lease is given back. The pools close last.
  let workerStopped: Promise<void> | null = null;
  app.addHook('preClose', (done) => {
    workerStopped = worker.stop(config.SHUTDOWN_GRACE_MS);
    done();
  });
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    clearInterval(draftSweeper);
    clearInterval(retentionScheduler);
    await (workerStopped ?? worker.stop(config.SHUTDOWN_GRACE_MS));
    // A database handed in by the caller is the caller's to close.
    if (!options.database) await db.destroy();
    mail.close?.();
    await services.limiter.store.close();
    // Last, so that the spans of the jobs and requests just finished are sent too.
    await tracing?.shutdown();
  });
  return Object.assign(app as FastifyInstance, { ctx });
}
