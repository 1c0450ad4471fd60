import type { FastifyInstance } from 'fastify';
import type { MailTransport } from './adapters/mail/port.js';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Metrics } from './metrics.js';
import type { Db, Dialect } from './db/database.js';
import type { Authenticator } from './http/contract-routes.js';
import type { Session } from './modules/auth/sessions.js';
import type { Worker } from './modules/jobs/worker.js';
import type { Services } from './services.js';

/** What every module's routes receive: the app, the session resolver, and the services. */
export interface AppContext {
  app: FastifyInstance;
  config: Config;
  clock: Clock;
  db: Db;
  dialect: Dialect;
  mail: MailTransport;
  authenticate: Authenticator<Session>;
  worker: Worker;
  services: Services;
  /** Null when /metrics is not served (neither METRICS_PORT nor METRICS_TOKEN): nothing is measured then. */
  metrics: Metrics | null;
  /** Migrations this build has that the database has not run (readiness). */
  pendingMigrations: () => Promise<string[]>;
}
