import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, type TestApp } from '../../../test/helper.js';

describe.each(dialects)('liveness and readiness on %s', (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const ready = async (app: TestApp['app']) => {
    const answer = await app.inject({ method: 'GET', url: '/ready' });
    return { status: answer.statusCode, body: answer.json<{ status: string; failed?: string[]; checks: object }>() };
  };

  it('is ready when the database answers, every migration ran and the worker runs', async () => {
    t = await buildTestApp(dialect, { WORKER_INTERVAL_MS: '60000' });
    expect((await t.app.inject({ method: 'GET', url: '/health' })).json()).toMatchObject({ status: 'ok' });
    const answer = await ready(t.app);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 'ready', checks: { db: 'ok', migrations: 'ok', worker: 'running' } });
  });

  it('says which check failed: a migration not run, a stopped worker', async () => {
    t = await buildTestApp(dialect, { WORKER_INTERVAL_MS: '60000' });
    // As if this build were newer than its database: the last migration is not recorded as run.
    const last = await sql<{ name: string }>`select max(name) as name from kysely_migration`.execute(t.db);
    const name = last.rows[0]?.name ?? '';
    await sql`delete from kysely_migration where name = ${name}`.execute(t.db);
    await t.app.ctx.worker.stop();
    const answer = await ready(t.app);
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({
      status: 'not ready',
      failed: ['migrations', 'worker'],
      checks: { db: 'ok', migrations: `pending: ${name}`, worker: 'stopped' },
    });
    // Liveness is only the process: it still answers.
    expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
  });

  it('is ready without a worker when WORKER_INTERVAL_MS=0 runs jobs elsewhere, and not without its database', async () => {
    t = await buildTestApp(dialect);
    expect((await ready(t.app)).body.checks).toEqual({ db: 'ok', migrations: 'ok', worker: 'off' });
    await t.db.destroy();
    const answer = await ready(t.app);
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ failed: ['db', 'migrations'], checks: { db: 'unreachable' } });
    expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
  });
});
