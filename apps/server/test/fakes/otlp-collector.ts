import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

/** An attribute as OTLP/JSON writes it: `{ key, value: { stringValue | intValue | boolValue | doubleValue } }`. */
interface OtlpAttribute {
  key: string;
  value: { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };
}

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: OtlpAttribute[];
  status?: { code?: number; message?: string };
}

interface ExportTraceServiceRequest {
  resourceSpans?: {
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans?: { spans?: OtlpSpan[] }[];
  }[];
}

/** A span as received, its attributes flattened to plain values and its resource's beside them. */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
  attributes: Record<string, string | number | boolean>;
  /** 0 unset, 1 ok, 2 error (OTLP's StatusCode). */
  statusCode: number;
  resource: Record<string, string | number | boolean>;
}

const valueOf = ({ value }: OtlpAttribute): string | number | boolean =>
  value.stringValue ?? value.boolValue ?? value.doubleValue ?? Number(value.intValue);
const flat = (attributes: OtlpAttribute[] = []) =>
  Object.fromEntries(attributes.map((attribute) => [attribute.key, valueOf(attribute)]));

/**
 * An OpenTelemetry collector's OTLP/HTTP receiver, as documented: POST /v1/traces with an ExportTraceServiceRequest
 * in JSON (gzip allowed), answered 200 with an empty ExportTraceServiceResponse. Protobuf bodies are refused with 415
 * (this fake decodes JSON only, the encoding our exporter uses); other paths 404, other methods 405.
 */
export async function startOtlpCollector() {
  const spans: ReceivedSpan[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url !== '/v1/traces') return void response.writeHead(404).end();
      if (request.method !== 'POST') return void response.writeHead(405).end();
      if (!request.headers['content-type']?.startsWith('application/json')) return void response.writeHead(415).end();
      let body = Buffer.concat(chunks);
      if (request.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
      let parsed: ExportTraceServiceRequest;
      try {
        parsed = JSON.parse(body.toString('utf8')) as ExportTraceServiceRequest;
      } catch {
        return void response.writeHead(400, { 'content-type': 'application/json' }).end('{"message":"bad JSON"}');
      }
      for (const resourceSpans of parsed.resourceSpans ?? []) {
        const resource = flat(resourceSpans.resource?.attributes);
        for (const scope of resourceSpans.scopeSpans ?? [])
          for (const span of scope.spans ?? [])
            spans.push({
              traceId: span.traceId,
              spanId: span.spanId,
              parentSpanId: span.parentSpanId ?? '',
              name: span.name,
              kind: span.kind,
              attributes: flat(span.attributes),
              statusCode: span.status?.code ?? 0,
              resource,
            });
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}`,
    spans,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
