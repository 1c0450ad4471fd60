import {
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  TraceFlags,
  type Context,
  type Span,
  type SpanContext,
} from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import type { SpanStart, TraceSpan, Tracing } from './tracing.js';

const KINDS = { server: SpanKind.SERVER, internal: SpanKind.INTERNAL, client: SpanKind.CLIENT } as const;
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/** The context a W3C traceparent names (one stored with a job), or none when it is not one. */
function remoteParent(traceparent: string): Context | undefined {
  const match = TRACEPARENT.exec(traceparent);
  if (!match) return undefined;
  const [, traceId = '', spanId = '', flags = '00'] = match;
  const parent: SpanContext = { traceId, spanId, traceFlags: Number.parseInt(flags, 16), isRemote: true };
  return trace.isSpanContextValid(parent) ? trace.setSpanContext(ROOT_CONTEXT, parent) : undefined;
}

class OtelSpan implements TraceSpan {
  constructor(readonly span: Span) {}

  set(attributes: Record<string, string | number | boolean>): void {
    this.span.setAttributes(attributes);
  }

  fail(error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    this.span.setAttributes({ 'error.type': error instanceof Error ? error.name : 'Error' });
    this.span.setStatus({ code: SpanStatusCode.ERROR, message });
  }

  end(): void {
    this.span.end();
  }

  traceparent(): string {
    const { traceId, spanId, traceFlags } = this.span.spanContext();
    const flags = (traceFlags & TraceFlags.SAMPLED).toString(16).padStart(2, '0');
    return `00-${traceId}-${spanId}-${flags}`;
  }
}

/**
 * OpenTelemetry's trace SDK with its OTLP/HTTP exporter (JSON), batched. No global provider, context manager or
 * auto-instrumentation: spans are made where the server knows what the work is (HTTP, jobs, vendor calls), with their
 * parents from our own work context (work-context.ts), so two apps in one process (tests) never meet.
 */
export function otlpTracing(options: {
  endpoint: string;
  headers: Record<string, string>;
  serviceName: string;
  version: string;
}): Tracing {
  const exporter = new OTLPTraceExporter({
    url: `${options.endpoint.replace(/\/+$/, '')}/v1/traces`,
    headers: options.headers,
    // A collector that never answers holds each export, and the last one holds the shutdown, this long at most.
    timeoutMillis: 5000,
  });
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName, 'service.version': options.version }),
    spanProcessors: [new BatchSpanProcessor({ exporter })],
  });
  const tracer = provider.getTracer('return-center', options.version);
  return {
    start(name: string, { kind, attributes, parent, startedAt }: SpanStart): TraceSpan {
      const context =
        parent instanceof OtelSpan
          ? trace.setSpan(ROOT_CONTEXT, parent.span)
          : typeof parent === 'string'
            ? remoteParent(parent)
            : undefined;
      const span = tracer.startSpan(
        name,
        {
          kind: KINDS[kind],
          ...(attributes && { attributes }),
          ...(startedAt !== undefined && { startTime: startedAt }),
        },
        context ?? ROOT_CONTEXT,
      );
      return new OtelSpan(span);
    },
    shutdown: () => provider.shutdown(),
  };
}
