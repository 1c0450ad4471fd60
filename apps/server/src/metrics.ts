import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { HttpDurations } from './http-durations.js';
import { processMetrics } from './process-metrics.js';

/** How a vendor call, or one webhook delivery, ended. */
export type CallOutcome = 'ok' | 'error';

/** One kind of job in the queue, as the outbox counts it when /metrics is read. */
export interface JobQueueRow {
  kind: string;
  /** Queued or running. */
  depth: number;
  dead: number;
  /** How long the oldest queued job that is due has waited past its time (seconds; 0 when none waits). */
  oldestDueSeconds: number;
}

/** Seconds, from 1 ms to 10 s: our requests answer in milliseconds, a vendor's call in up to VENDOR_TIMEOUT_MS. */
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The server's Prometheus metrics, one registry per app (ADR 045). Made only when /metrics is served (METRICS_PORT or
 * METRICS_TOKEN): without it nothing is measured and nothing costs.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly http = new HttpDurations(BUCKETS, this.registry);
  readonly vendorCalls = new Histogram({
    name: 'rc_vendor_call_duration_seconds',
    help: 'Calls to outside services by port, adapter and outcome, retries included in their time',
    labelNames: ['port', 'adapter', 'outcome'] as const,
    buckets: BUCKETS,
    registers: [this.registry],
  });
  readonly vendorRetries = new Counter({
    name: 'rc_vendor_retries_total',
    help: 'Tries of a vendor call after the first (a lost answer, a 429 or 5xx)',
    labelNames: ['port', 'adapter'] as const,
    registers: [this.registry],
  });
  readonly rateLimitRefusals = new Counter({
    name: 'rc_rate_limit_refusals_total',
    help: 'Attempts refused by a rate limit, by the bucket family (e.g. login, code-send, upload)',
    labelNames: ['limit'] as const,
    registers: [this.registry],
  });
  readonly jobFailures = new Counter({
    name: 'rc_job_failures_total',
    help: 'Job runs that failed, by kind; final="true" when the job gave up (dead)',
    labelNames: ['kind', 'final'] as const,
    registers: [this.registry],
  });
  readonly webhookDeliveries = new Histogram({
    name: 'rc_webhook_delivery_duration_seconds',
    help: 'Webhook delivery tries by outcome (ok: a 2xx answer) and status class',
    labelNames: ['outcome', 'status_class'] as const,
    buckets: BUCKETS,
    registers: [this.registry],
  });

  /** Process figures: CPU, memory, event-loop utilisation and delay, active handles; read at each scrape. */
  private readonly processFigures = processMetrics(this.registry);

  /** Stops what measures between scrapes (the event-loop delay timer): called when the app closes. */
  close(): void {
    this.processFigures.stop();
  }

  /** Reads the job queue each time /metrics is asked for (one grouped query for the three gauges). */
  watchJobQueue(read: () => Promise<JobQueueRow[]>): void {
    // The registry reads its metrics all at once: the three share the read of that moment.
    let reading: Promise<JobQueueRow[]> | null = null;
    const rows = () => (reading ??= read().finally(() => (reading = null)));
    const gauge = (name: string, help: string, value: (row: JobQueueRow) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['kind'] as const,
        registers: [this.registry],
        async collect() {
          const read = await rows();
          this.reset();
          for (const row of read) this.set({ kind: row.kind }, value(row));
        },
      });
    gauge('rc_jobs_depth', 'Jobs queued or running, by kind', (row) => row.depth);
    gauge('rc_jobs_dead', 'Jobs that gave up and wait for an operator, by kind', (row) => row.dead);
    gauge(
      'rc_jobs_oldest_due_age_seconds',
      'How long the oldest due job of each kind has waited past its time',
      (row) => row.oldestDueSeconds,
    );
  }
}

/** The family of a rate-limit bucket: its name up to the first colon (`login:ip:…` → `login`), never an address. */
export function limitFamily(bucket: string): string {
  const end = bucket.indexOf(':');
  return end === -1 ? bucket : bucket.slice(0, end);
}
