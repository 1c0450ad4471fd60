import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { DevMailbox } from './adapters/mail/dev-mailbox.js';
import type { MailTransport } from './adapters/mail/port.js';
import { SmtpTransport } from './adapters/mail/smtp.js';
import { LocalStorePlatform } from './adapters/store-platform/local.js';
import type { AppContext } from './app-context.js';
import { systemClock, type Clock } from './clock.js';
import type { Config } from './config.js';
import { createDb, type Db, type Dialect } from './db/database.js';
import { migrate } from './db/migrate.js';
import { seedDemoShop } from './db/seed/demo-shop.js';
import { installErrorHandler } from './http/error-handler.js';
import { servePortal } from './http/portal.js';
import { AuthService } from './modules/auth/auth.service.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { LIMITS, RateLimiter } from './modules/auth/rate-limiter.js';
import { Sessions } from './modules/auth/sessions.js';
import { VerificationCodes } from './modules/auth/verification-codes.js';
import { devMailboxRoutes } from './modules/dev/mailbox.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { OrdersRepository } from './modules/orders/orders.repository.js';
import { OrdersService } from './modules/orders/orders.service.js';
import { ordersRoutes } from './modules/orders/orders.routes.js';
import { ReturnsRepository } from './modules/returns/returns.repository.js';
import { returnsRoutes } from './modules/returns/returns.routes.js';
import { ReturnsService } from './modules/returns/returns.service.js';
import { ShopsRepository } from './modules/storefront-config/shops.repository.js';
import { StorefrontConfigService } from './modules/storefront-config/storefront-config.service.js';
import { storefrontConfigRoutes } from './modules/storefront-config/storefront-config.routes.js';

export interface BuildOptions {
  clock?: Clock;
  /** An already-open database (tests); otherwise DATABASE_URL is opened. */
  database?: { db: Db; dialect: Dialect };
  mail?: MailTransport;
  /** Rate limits other than the defaults (load benchmarks). */
  limits?: typeof LIMITS;
}

const assetsDir = fileURLToPath(new URL('../assets/catalogue', import.meta.url));

/** Builds the whole server: external plugins → adapters → modules (DESIGN §2). Nothing listens yet. */
export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance & { ctx: AppContext }> {
  const clock = options.clock ?? systemClock;
  const { db, dialect } = options.database ?? createDb(config.DATABASE_URL);
  await migrate(db, dialect);
  if (config.SEED_DEMO) await seedDemoShop(db, clock);

  const app = Fastify({
    logger: { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 256 * 1024,
  });
  installErrorHandler(app);
  // The API speaks JSON only; other bodies get a clear 415 instead of a confusing schema error.
  app.removeContentTypeParser('text/plain');
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
  });

  const mail =
    options.mail ??
    (config.MAIL_TRANSPORT === 'smtp'
      ? new SmtpTransport(config.SMTP_URL!, config.MAIL_FROM)
      : new DevMailbox(db, clock));
  const platform = new LocalStorePlatform(db);
  const sessions = new Sessions(db, clock, config.SESSION_TTL_MINUTES * 60);
  const storefront = new StorefrontConfigService(new ShopsRepository(db, clock));
  const auth = new AuthService({
    platform,
    sessions,
    codes: new VerificationCodes(db, clock, config.CODE_TTL_MINUTES * 60),
    limiter: new RateLimiter(db, clock),
    mail,
    codeTtlMinutes: config.CODE_TTL_MINUTES,
    limits: options.limits,
  });
  const orders = new OrdersService(platform, new OrdersRepository(db), clock);
  const returns = new ReturnsService(orders, new ReturnsRepository(db, dialect), clock);

  const ctx: AppContext = {
    app,
    config,
    clock,
    db,
    dialect,
    mail,
    authenticate: (request) => sessions.resolve(request),
    services: { auth, storefront, orders, returns },
  };
  for (const routes of [
    healthRoutes,
    devMailboxRoutes,
    storefrontConfigRoutes,
    authRoutes,
    ordersRoutes,
    returnsRoutes,
  ])
    routes(ctx);
  await servePortal(app, { dist: config.PORTAL_DIST, defaultShop: config.DEFAULT_SHOP, assets: assetsDir });

  app.addHook('onClose', async () => {
    await db.destroy();
    if (mail instanceof SmtpTransport) mail.close();
  });
  return Object.assign(app as FastifyInstance, { ctx });
}
