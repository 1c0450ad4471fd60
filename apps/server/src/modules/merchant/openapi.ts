import { createHash } from 'node:crypto';
import {
  MERCHANT_BASE,
  MERCHANT_STATUSES,
  fieldErrors,
  merchantRoutes,
  type MerchantStatus,
} from '@return-center/contract';
import { z } from 'zod';

const envelopeOf = (data: z.ZodType) => z.object({ code: z.number().int(), msg: z.string(), data });
const schema = (type: z.ZodType) => z.toJSONSchema(type, { io: 'input', unrepresentable: 'any' });

/** Every route's refusals: those of the caller, of a body or query, and the route's own (ADR 025). */
function statusesOf(route: (typeof merchantRoutes)[keyof typeof merchantRoutes]): MerchantStatus[] {
  const input: MerchantStatus[] = 'body' in route ? [400, 413, 415] : 'query' in route ? [400] : [];
  const own: readonly MerchantStatus[] = ('refusals' in route ? route.refusals : undefined) ?? [];
  return [...new Set<MerchantStatus>([200, ...input, 401, ...own, 429])].sort((a, b) => a - b);
}

/** A refusal's envelope: the route's own refusal data, field errors for 400 and 422, else nothing in `data`. */
const refusalSchema = (status: MerchantStatus, data?: z.ZodType) =>
  schema(envelopeOf(data ?? (status === 400 || status === 422 ? fieldErrors.nullable() : z.null())));

/** What a route's refusal of this status holds in `data`, when the route says. */
function refusalDataOf(route: (typeof merchantRoutes)[keyof typeof merchantRoutes], status: MerchantStatus) {
  const own: Partial<Record<MerchantStatus, z.ZodType>> | undefined =
    'refusalData' in route ? route.refusalData : undefined;
  return own?.[status];
}

/** OpenAPI 3.1 document of the merchant API, generated from the contract schemas. */
export function merchantOpenApi(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, route] of Object.entries(merchantRoutes)) {
    const idSchema = 'id' in route && route.id ? schema(route.id) : { type: 'integer' };
    const parameters: unknown[] = route.path.includes('{id}')
      ? [{ name: 'id', in: 'path', required: true, schema: idSchema }]
      : [];
    const signed = 'auth' in route && route.auth === 'signature';
    if ('query' in route && route.query instanceof z.ZodObject) {
      for (const [key, value] of Object.entries(route.query.shape))
        parameters.push({ name: key, in: 'query', required: false, schema: schema(value as z.ZodType) });
    }
    (paths[MERCHANT_BASE + route.path] ??= {})[route.method.toLowerCase()] = {
      operationId: name,
      summary: route.summary,
      security: signed ? [] : [{ bearer: [] }],
      parameters,
      ...('body' in route ? { requestBody: { content: { 'application/json': { schema: schema(route.body) } } } } : {}),
      responses: Object.fromEntries(
        statusesOf(route).map((status) => [
          status,
          {
            description:
              status === 401 && signed
                ? 'Unknown shop, no signature or a signature that does not match (code 401)'
                : MERCHANT_STATUSES[status],
            ...(status === 429
              ? { headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } } }
              : {}),
            content:
              status === 200 && 'produces' in route
                ? { [String(route.produces)]: { schema: { type: 'string' } } }
                : {
                    'application/json': {
                      schema:
                        status === 200
                          ? schema(envelopeOf(route.answer))
                          : refusalSchema(status, refusalDataOf(route, status)),
                    },
                  },
          },
        ]),
      ),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Return Center merchant API',
      version: '1.0.0',
      description:
        'Bearer MERCHANT_API_KEY. Answers are {code, msg, data}; code 1000 is success. A refusal answers its HTTP status (404, 409, 422…) with the envelope saying why; 400 and 422 list the refused fields in data.errors.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    // The server that serves this document: every path starts with the API's base.
    servers: [{ url: '/', description: 'This Return Center server' }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

const DOCS_STYLE =
  'body{font:15px/1.5 system-ui;margin:2rem auto;max-width:60rem;padding:0 1rem}td{padding:.4rem .8rem;border-bottom:1px solid #ddd;vertical-align:top}';

/** The docs page runs no script and loads nothing: its one style block is allowed by its hash, and nothing frames it. */
export const MERCHANT_DOCS_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(DOCS_STYLE).digest('base64')}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** A readable, dependency-free page of the same document. */
export function merchantDocsHtml(doc: Record<string, unknown>): string {
  const paths = doc.paths as Record<string, Record<string, { summary: string; responses: object }>>;
  const rows = Object.entries(paths)
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(
        ([method, op]) =>
          `<tr><td><code>${method.toUpperCase()}</code></td><td><code>${escape(path)}</code></td><td>${escape(op.summary)}</td><td>${Object.keys(op.responses).join(' ')}</td></tr>`,
      ),
    )
    .join('');
  const statuses = Object.entries(MERCHANT_STATUSES)
    .map(([status, meaning]) => `<tr><td>${status}</td><td>${escape(meaning)}</td></tr>`)
    .join('');
  return `<!doctype html><html lang="en"><meta charset="utf-8"><title>Merchant API</title>
<style>${DOCS_STYLE}</style>
<h1>Return Center merchant API</h1><p>Send <code>Authorization: Bearer &lt;MERCHANT_API_KEY&gt;</code>. Machine-readable: <a href="/merchant/docs/openapi.json">openapi.json</a>.</p>
<table><thead><tr><th>Method</th><th>Path</th><th>What it does</th><th>HTTP statuses</th></tr></thead><tbody>${rows}</tbody></table>
<h2>Statuses</h2><p>Every answer is <code>{code, msg, data}</code>; <code>code</code> 1000 is success.</p>
<table><tbody>${statuses}</tbody></table></html>`;
}
