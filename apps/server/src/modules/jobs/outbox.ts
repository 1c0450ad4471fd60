import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { Clock } from '../../clock.js';
import { nowSeconds } from '../../clock.js';
import type { Db } from '../../db/database.js';
import type { JobsTable } from '../../db/schema.js';
import type { JobQueueRow } from '../../metrics.js';
import { currentWork } from '../../work-context.js';
import { JOB_KINDS, type JobKind, type JobPayload } from './job-kinds.js';

export type Job = Selectable<JobsTable>;
export const MAX_ATTEMPTS = 8;
/** How long a claimed job is its worker's before another may take it (the worker died). */
export const LEASE_SECONDS = 60;

/**
 * A job table written in the same transaction as the change that causes it (an outbox). Delivery
 * is at least once; handlers make their effects idempotent, so each takes effect once.
 */
export class Outbox {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /**
   * Queues a job unless one with the same dedupe key exists. Pass a transaction to commit with it. A payload its kind's
   * schema refuses throws here, in the change that queues it, rather than in a worker later.
   */
  async enqueue<K extends JobKind>(
    db: Db,
    kind: K,
    payload: JobPayload<K>,
    dedupeKey: string,
    delaySeconds = 0,
  ): Promise<void> {
    const checked = JOB_KINDS[kind].safeParse(payload);
    if (!checked.success) throw new Error(`A ${kind} job refused: ${z.prettifyError(checked.error)}`);
    const now = nowSeconds(this.clock);
    // The request (or job) queuing this one: its log lines and its trace go on in the job's (ADR 051).
    const work = currentWork();
    await db
      .insertInto('jobs')
      .values({
        kind,
        payload: JSON.stringify(checked.data),
        dedupe_key: dedupeKey,
        status: 'queued',
        attempts: 0,
        run_at: now + delaySeconds,
        locked_until: null,
        last_error: '',
        created_at: now,
        done_at: null,
        req_id: work?.reqId ?? null,
        trace_parent: work?.span?.traceparent() ?? null,
      })
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .execute();
  }

  /** Whether any job with one of these dedupe keys, or starting with one of these prefixes, is still to run. */
  async hasPending(keys: string[], prefixes: string[] = []): Promise<boolean> {
    const pending = await this.db
      .selectFrom('jobs')
      .select('id')
      .where('status', 'in', ['queued', 'running'])
      .where((eb) =>
        eb.or([eb('dedupe_key', 'in', keys), ...prefixes.map((prefix) => eb('dedupe_key', 'like', `${prefix}%`))]),
      )
      .executeTakeFirst();
    return pending !== undefined;
  }

  /** The queue by kind, for /metrics: jobs waiting or running, dead ones, and how late the oldest due one is. */
  async queue(): Promise<JobQueueRow[]> {
    const now = nowSeconds(this.clock);
    const groups = await this.db
      .selectFrom('jobs')
      .select(['kind', 'status'])
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('run_at').as('first_run_at')])
      .where('status', 'in', ['queued', 'running', 'dead'])
      .groupBy(['kind', 'status'])
      .execute();
    const rows = new Map<string, JobQueueRow>();
    for (const group of groups) {
      const row = rows.get(group.kind) ?? { kind: group.kind, depth: 0, dead: 0, oldestDueSeconds: 0 };
      const count = group.count;
      if (group.status === 'dead') row.dead += count;
      else row.depth += count;
      if (group.status === 'queued') row.oldestDueSeconds = Math.max(0, now - group.first_run_at);
      rows.set(group.kind, row);
    }
    return [...rows.values()];
  }

  /** Claims one due job: queued and due, or running whose worker's lease ran out (it died). */
  async claim(): Promise<Job | null> {
    const now = nowSeconds(this.clock);
    const candidate = await this.db
      .selectFrom('jobs')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', now)]),
          eb.and([eb('status', '=', 'running'), eb('locked_until', '<', now)]),
        ]),
      )
      .orderBy('run_at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (!candidate) return null;
    const claimed = await this.db
      .updateTable('jobs')
      .set({ status: 'running', locked_until: now + LEASE_SECONDS, attempts: candidate.attempts + 1 })
      .where('id', '=', candidate.id)
      .where('attempts', '=', candidate.attempts)
      .where('status', '=', candidate.status)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return null;
    return { ...candidate, status: 'running', attempts: candidate.attempts + 1 };
  }

  /**
   * Marks the job done, if it is still this claim's: a job given back at shutdown (`release`) or taken by another
   * instance after its lease ran out is theirs now, and a late finish here must not close it.
   */
  async complete(job: Job): Promise<void> {
    await this.db
      .updateTable('jobs')
      .set({ status: 'done', done_at: nowSeconds(this.clock), locked_until: null })
      .where('id', '=', job.id)
      .where('status', '=', 'running')
      .where('attempts', '=', job.attempts)
      .execute();
  }

  /**
   * Gives back a job this worker claimed and did not finish (it is shutting down): queued and due now, its try not
   * counted. Nothing changes when the job is no longer ours (it finished, or its lease ran out and another took it).
   */
  async release(job: Job): Promise<boolean> {
    const released = await this.db
      .updateTable('jobs')
      .set({ status: 'queued', run_at: nowSeconds(this.clock), locked_until: null, attempts: job.attempts - 1 })
      .where('id', '=', job.id)
      .where('status', '=', 'running')
      .where('attempts', '=', job.attempts)
      .executeTakeFirst();
    return Number(released.numUpdatedRows) === 1;
  }

  /**
   * Retries with exponential backoff (10 s, 20 s, 40 s …); gives up after MAX_ATTEMPTS, or at once when `final` (a
   * job that cannot succeed however often it runs). Like `complete`, only while the job is still this claim's.
   */
  async fail(job: Job, error: unknown, final = false): Promise<'retry' | 'dead' | 'not ours'> {
    const dead = final || job.attempts >= MAX_ATTEMPTS;
    const failed = await this.db
      .updateTable('jobs')
      .set({
        status: dead ? 'dead' : 'queued',
        run_at: nowSeconds(this.clock) + 10 * 2 ** (job.attempts - 1),
        locked_until: null,
        last_error: String(error instanceof Error ? error.message : error).slice(0, 2000),
      })
      .where('id', '=', job.id)
      .where('status', '=', 'running')
      .where('attempts', '=', job.attempts)
      .executeTakeFirst();
    if (Number(failed.numUpdatedRows) !== 1) return 'not ours';
    return dead ? 'dead' : 'retry';
  }
}
