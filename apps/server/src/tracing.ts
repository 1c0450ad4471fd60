/** Attribute values a span carries (OpenTelemetry's primitive ones). */
export type SpanAttributes = Record<string, string | number | boolean>;

/** One span, as the server uses it: attributes added on the way, an error, its end. */
export interface TraceSpan {
  set(attributes: SpanAttributes): void;
  /** Marks the span failed, with the error's type and message. */
  fail(error: unknown): void;
  end(): void;
  /** The W3C `traceparent` of this span, stored with a job so that the job's span continues its trace. */
  traceparent(): string;
}

export interface SpanStart {
  kind: 'server' | 'internal' | 'client';
  attributes?: SpanAttributes;
  /** The parent: a span, a stored W3C traceparent, or none (a new trace). */
  parent?: TraceSpan | string | null;
  /** `performance.now()` when the work began, if before the span is started. */
  startedAt?: number;
}

/**
 * Traces sent over OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT is set (ADR 051, otel-tracing.ts); null otherwise, and
 * then nothing of OpenTelemetry is even loaded (start-up time and memory stay as they were).
 */
export interface Tracing {
  start(name: string, options: SpanStart): TraceSpan;
  /** Sends the spans still buffered and stops (graceful shutdown). */
  shutdown(): Promise<void>;
}
