import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Tracing } from '../../tracing.js';
import { currentWork, runAs } from '../../work-context.js';
import { JOB_KINDS, type JobKind, type JobPayload } from './job-kinds.js';
import { LEASE_SECONDS, type Job, type Outbox } from './outbox.js';

export type JobHandler<K extends JobKind> = (payload: JobPayload<K>, job: Job) => Promise<void>;
/** One handler for every kind of job. */
export type JobHandlers = { [K in JobKind]: JobHandler<K> };
/** What to do when a job of a kind has failed for good, e.g. mark a refund failed. */
export type DeadJobHandlers = { [K in JobKind]?: (payload: JobPayload<K>) => Promise<void> };

const isKnown = (kind: string): kind is JobKind => Object.hasOwn(JOB_KINDS, kind);

/** What the worker is doing, for /ready: `off` when this instance runs no worker (WORKER_INTERVAL_MS=0). */
export type WorkerState = 'running' | 'stuck' | 'stopped' | 'off';

export interface WorkerOptions {
  /** What to do when a job of a kind has failed for good. */
  onDead?: DeadJobHandlers;
  /** Told of every failed run (metrics); `final` when the job gave up. */
  onFailure?: (kind: string, final: boolean) => void;
  /** A span per job run when traces are sent (ADR 051). */
  tracing?: Tracing | null;
}

/** How one run of a job ended: done, to be tried again, given up, or no longer this worker's. */
type JobOutcome = 'done' | 'retry' | 'dead' | 'not ours';

/** Runs due jobs in-process; several instances can run workers against one database. */
export class Worker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private stopping = false;
  private stopped = false;
  /** The job being run now and since when (process time, milliseconds). */
  private current: { job: Job; since: number } | null = null;

  constructor(
    private readonly outbox: Outbox,
    private readonly handlers: JobHandlers,
    private readonly log: FastifyBaseLogger,
    private readonly options: WorkerOptions = {},
  ) {}

  /** Processes every job that is due now; answers how many ran. Tests call this directly. */
  runDue(): Promise<number> {
    if (this.stopping) return Promise.resolve(0);
    this.running ??= this.drain().finally(() => (this.running = null));
    return this.running;
  }

  /** Runs due jobs now instead of at the next tick, when this process runs a worker at all. */
  kick(): void {
    if (this.timer) this.tick();
  }

  start(intervalMs: number): void {
    this.timer = setInterval(() => this.tick(), intervalMs);
    this.timer.unref();
  }

  /** A run in the background: an error (the database unreachable, closed at shutdown) is logged, and the next tick tries again. */
  private tick(): void {
    this.runDue().catch((error: unknown) => this.log.error({ err: error }, 'job worker run failed'));
  }

  /**
   * Whether the worker runs: started and not stopped, and not held by one job past the lease another instance would
   * take it after (the job is stuck, and so is every job behind it in this worker).
   */
  state(): WorkerState {
    if (this.stopping || this.stopped) return 'stopped';
    if (!this.timer) return 'off';
    const current = this.current;
    return current && performance.now() - current.since > LEASE_SECONDS * 1000 ? 'stuck' : 'running';
  }

  /**
   * Claims nothing more, and waits up to `graceMs` for the job running now; one still running then has its lease given
   * back, so another instance takes it at once instead of after the lease (its handler is idempotent, ADR 045).
   */
  async stop(graceMs = Number.POSITIVE_INFINITY): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.stopping = true;
    const running = this.running;
    if (running) {
      let timeout: NodeJS.Timeout | undefined;
      const graceOver = new Promise<'grace over'>((resolve) => {
        if (Number.isFinite(graceMs)) timeout = setTimeout(() => resolve('grace over'), graceMs);
      });
      const outcome = await Promise.race([
        running.then(
          () => 'finished' as const,
          () => 'finished' as const,
        ),
        graceOver,
      ]);
      clearTimeout(timeout);
      const current = this.current;
      if (outcome === 'grace over' && current) {
        const released = await this.outbox.release(current.job);
        const { id: jobId, kind, req_id: reqId } = current.job;
        this.log.warn({ ...(reqId !== null && { reqId }), jobId, kind, released }, 'job lease given back at shutdown');
      }
    }
    this.stopped = true;
  }

  private async drain(): Promise<number> {
    let count = 0;
    while (!this.stopping) {
      const job = await this.outbox.claim();
      if (!job) break;
      count += 1;
      this.current = { job, since: performance.now() };
      try {
        await this.run(job);
      } finally {
        this.current = null;
      }
    }
    return count;
  }

  /**
   * Runs one job as its own work (ADR 051): its log lines carry the `reqId` of the request that queued it with its
   * `jobId` and `kind`, as do the vendor calls it makes; its span continues the trace of that request.
   */
  private async run(job: Job): Promise<void> {
    const log = this.log.child({ ...(job.req_id !== null && { reqId: job.req_id }), jobId: job.id, kind: job.kind });
    const span =
      this.options.tracing?.start(`job ${job.kind}`, {
        kind: 'internal',
        parent: job.trace_parent,
        attributes: { 'job.kind': job.kind, 'job.id': job.id, 'job.attempt': job.attempts },
      }) ?? null;
    const started = performance.now();
    try {
      const outcome = await runAs({ log, reqId: job.req_id, span }, () => this.runKnown(job, log));
      const durationMs = Math.round(performance.now() - started);
      if (outcome === 'done') log.info({ attempt: job.attempts, durationMs }, 'job completed');
      span?.set({ 'job.outcome': outcome });
    } finally {
      // Also when recording the outcome failed (the database went away): the span still ends and is sent.
      span?.end();
    }
  }

  private async runKnown(job: Job, log: FastifyBaseLogger): Promise<JobOutcome> {
    if (!isKnown(job.kind)) return this.failed(job, log, new Error(`No handler for job kind ${job.kind}`));
    return this.runAs(job, log, job.kind, this.handlers[job.kind], this.options.onDead?.[job.kind]);
  }

  private async runAs<K extends JobKind>(
    job: Job,
    log: FastifyBaseLogger,
    kind: K,
    handler: JobHandlers[K],
    onDead: DeadJobHandlers[K],
  ): Promise<JobOutcome> {
    const payload = parsedPayload(kind, job.payload);
    if (!payload.success) {
      // Running it again would read the same payload: it fails for good now, where an operator sees it.
      log.error({ error: payload.error }, 'job payload refused');
      currentWork()?.span?.fail(new Error('payload refused'));
      const outcome = await this.outbox.fail(job, new Error(`Payload refused: ${payload.error}`), true);
      this.options.onFailure?.(kind, true);
      return outcome;
    }
    try {
      await handler(payload.data, job);
      await this.outbox.complete(job);
      return 'done';
    } catch (error) {
      return this.failed(job, log, error, onDead && (() => onDead(payload.data)));
    }
  }

  private async failed(
    job: Job,
    log: FastifyBaseLogger,
    error: unknown,
    onDead?: () => Promise<void>,
  ): Promise<JobOutcome> {
    log.warn({ err: error }, 'job failed');
    currentWork()?.span?.fail(error);
    const outcome = await this.outbox.fail(job, error);
    if (outcome === 'not ours') return outcome;
    this.options.onFailure?.(job.kind, outcome === 'dead');
    if (outcome === 'dead') await onDead?.();
    return outcome;
  }
}

function parsedPayload<K extends JobKind>(
  kind: K,
  json: string,
): { success: true; data: JobPayload<K> } | { success: false; error: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return { success: false, error: 'not JSON' };
  }
  const result = JOB_KINDS[kind].safeParse(raw);
  return result.success
    ? { success: true, data: result.data as JobPayload<K> }
    : { success: false, error: z.prettifyError(result.error) };
}
