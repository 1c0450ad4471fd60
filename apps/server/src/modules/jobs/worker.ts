import type { FastifyBaseLogger } from 'fastify';
import type { Job, Outbox } from './outbox.js';

export type JobHandler = (payload: Record<string, unknown>, job: Job) => Promise<void>;

/** Runs due jobs in-process; several instances can run workers against one database. */
export class Worker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(
    private readonly outbox: Outbox,
    private readonly handlers: Record<string, JobHandler>,
    private readonly log: FastifyBaseLogger,
    private readonly onDead: (job: Job, error: unknown) => Promise<void> = async () => {},
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
      const handler = this.handlers[job.kind];
      try {
        if (!handler) throw new Error(`No handler for job kind ${job.kind}`);
        await handler(JSON.parse(job.payload) as Record<string, unknown>, job);
        await this.outbox.complete(job);
      } catch (error) {
        this.log.warn({ err: error, job: job.id, kind: job.kind }, 'job failed');
        if ((await this.outbox.fail(job, error)) === 'dead') await this.onDead(job, error);
      }
    }
    return count;
  }
}
