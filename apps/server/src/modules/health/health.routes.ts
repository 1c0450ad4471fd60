import { sql } from 'kysely';
import type { AppContext } from '../../app-context.js';

/** This build's version, as /health and /ready tell it and traces carry it. */
export const SERVER_VERSION = process.env.npm_package_version ?? '0.1.0';
const version = SERVER_VERSION;

/**
 * `/health`: the process runs and answers (liveness: restarting it is what helps when it does not). `/ready`: this
 * instance can do its work (readiness: a load balancer sends it traffic): the database answers, every migration is
 * applied, and the job worker runs (or is off by WORKER_INTERVAL_MS=0). 503 names the checks that failed.
 */
export function healthRoutes({ app, db, worker, pendingMigrations }: AppContext): void {
  app.get('/health', () => ({ status: 'ok', version }));

  app.get('/ready', async (_request, reply) => {
    const database = await sql`select 1`.execute(db).then(
      () => 'ok',
      () => 'unreachable',
    );
    const migrations =
      database === 'ok'
        ? await pendingMigrations().then(
            (pending) => (pending.length === 0 ? 'ok' : `pending: ${pending.join(', ')}`),
            () => 'unknown',
          )
        : 'unknown';
    const state = worker.state();
    const checks = { db: database, migrations, worker: state };
    const failed = [
      ...(database === 'ok' ? [] : ['db']),
      ...(migrations === 'ok' ? [] : ['migrations']),
      ...(state === 'running' || state === 'off' ? [] : ['worker']),
    ];
    if (failed.length === 0) return { status: 'ready', checks, version };
    return reply.status(503).send({ status: 'not ready', failed, checks, version });
  });
}
