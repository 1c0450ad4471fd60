import type { Db } from '../../db/database.js';
import type { TableOwner } from '../../db/ownership.js';

/**
 * The outbox. A job that names a person carries their `email` beside the `shopId` in its payload (a sign-in code's
 * mail, a console invitation): forgetting drops those not running, so no mail goes to a forgotten address.
 */
export const jobsTables: TableOwner = {
  owner: 'modules/jobs',
  tables: {
    jobs: {
      personal: { payload: 'JSON; an `email` beside the `shopId` for jobs that mail a person' },
      notPersonal: {
        dedupe_key: 'the job’s kind and ids',
        req_id: 'the id Fastify gave the request that queued it',
        trace_parent: 'a trace and span id (W3C traceparent)',
      },
    },
  },
  forgetCustomer: async (db, { shopId, emails }) => {
    if (emails.length > 0) await dropJobs(db, shopId, (email) => emails.includes(email));
  },
  forgetShop: (db, shopId) => dropJobs(db, shopId, () => true),
};

async function dropJobs(db: Db, shopId: number, theirs: (email: string) => boolean): Promise<void> {
  // Payloads are found by text first (the shop's number followed by another key or the end), then read exactly.
  const named = await db
    .selectFrom('jobs')
    .select(['id', 'payload'])
    .where('status', '!=', 'running')
    .where((eb) =>
      eb.or([
        eb('payload', 'like', `%"shopId":${String(shopId)},%`),
        eb('payload', 'like', `%"shopId":${String(shopId)}}%`),
      ]),
    )
    .where('payload', 'like', '%"email":%')
    .execute();
  const dropped = named
    .filter((job) => {
      const payload = JSON.parse(job.payload) as { shopId?: unknown; email?: unknown };
      return payload.shopId === shopId && typeof payload.email === 'string' && theirs(payload.email.toLowerCase());
    })
    .map((job) => job.id);
  for (let i = 0; i < dropped.length; i += 500)
    await db
      .deleteFrom('jobs')
      .where('id', 'in', dropped.slice(i, i + 500))
      .execute();
}
