import type { FastifyInstance } from 'fastify';
import type { MailTransport } from './adapters/mail/port.js';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Db, Dialect } from './db/database.js';
import type { Authenticator } from './http/register-call.js';
import type { AuthService } from './modules/auth/auth.service.js';
import type { Session } from './modules/auth/sessions.js';
import type { OrdersService } from './modules/orders/orders.service.js';
import type { ReturnsService } from './modules/returns/returns.service.js';
import type { StorefrontConfigService } from './modules/storefront-config/storefront-config.service.js';

/** What every module's routes receive: the app, the session resolver, and the services. */
export interface AppContext {
  app: FastifyInstance;
  config: Config;
  clock: Clock;
  db: Db;
  dialect: Dialect;
  mail: MailTransport;
  authenticate: Authenticator<Session>;
  services: {
    auth: AuthService;
    storefront: StorefrontConfigService;
    orders: OrdersService;
    returns: ReturnsService;
  };
}
