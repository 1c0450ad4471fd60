import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { JOB_KINDS, type JobKind, type JobPayload } from './job-kinds.js';
import type { Job, Outbox } from './outbox.js';

export type JobHandler<K extends JobKind> = (payload: JobPayload<K>, job: Job) => Promise<void>;
/** One handler for every kind of job. */
export type JobHandlers = { [K in JobKind]: JobHandler<K> };
/** What to do when a job of a kind has failed for good, e.g. mark a refund failed. */
export type DeadJobHandlers = { [K in JobKind]?: (payload: JobPayload<K>) => Promise<void> };

const isKnown = (kind: string): kind is JobKind => Object.hasOwn(JOB_KINDS, kind);

/** Runs due jobs in-process; several instances can run workers against one database. */
export class Worker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(
    private readonly outbox: Outbox,
    private readonly handlers: JobHandlers,
    private readonly log: FastifyBaseLogger,
    private readonly onDead: DeadJobHandlers = {},
  ) {}

  /** Processes every job that is due now; answers how many ran. Tests call this directly. */
  runDue(): Promise<number> {
    this.running ??= this.drain().finally(() => (this.running = null));
    return this.running;
  }

  /** Runs due jobs now instead of at the next tick, when this process runs a worker at all. */
  kick(): void {
    if (this.timer) void this.runDue();
  }

  start(intervalMs: number): void {
    this.timer = setInterval(() => void this.runDue(), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  private async drain(): Promise<number> {
    let count = 0;
    for (let job = await this.outbox.claim(); job; job = await this.outbox.claim()) {
      count += 1;
      await this.run(job);
    }
    return count;
  }

  private async run(job: Job): Promise<void> {
    if (!isKnown(job.kind)) return this.failed(job, new Error(`No handler for job kind ${job.kind}`));
    await this.runAs(job, job.kind, this.handlers[job.kind], this.onDead[job.kind]);
  }

  private async runAs<K extends JobKind>(
    job: Job,
    kind: K,
    handler: JobHandlers[K],
    onDead: DeadJobHandlers[K],
  ): Promise<void> {
    const payload = parsedPayload(kind, job.payload);
    if (!payload.success) {
      // Running it again would read the same payload: it fails for good now, where an operator sees it.
      this.log.error({ job: job.id, kind, error: payload.error }, 'job payload refused');
      await this.outbox.fail(job, new Error(`Payload refused: ${payload.error}`), true);
      return;
    }
    try {
      await handler(payload.data, job);
      await this.outbox.complete(job);
    } catch (error) {
      await this.failed(job, error, onDead && (() => onDead(payload.data)));
    }
  }

  private async failed(job: Job, error: unknown, onDead?: () => Promise<void>): Promise<void> {
    this.log.warn({ err: error, job: job.id, kind: job.kind }, 'job failed');
    if ((await this.outbox.fail(job, error)) === 'dead') await onDead?.();
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
