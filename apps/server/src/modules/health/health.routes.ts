import { sql } from 'kysely';
import type { AppContext } from '../../app-context.js';

const version = process.env.npm_package_version ?? '0.1.0';

/** Liveness and database reachability, for load balancers and `npm start` checks. */
export function healthRoutes({ app, db }: AppContext): void {
  app.get('/health', async (_request, reply) => {
    try {
      await sql`select 1`.execute(db);
      return { status: 'ok', db: 'ok', version };
    } catch {
      return reply.status(503).send({ status: 'error', db: 'unreachable', version });
    }
  });
}
