import { isIP } from 'node:net';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const isAddressOrCidr = (entry: string) => {
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n <= (version === 4 ? 32 : 128);
};

/**
 * Which proxies may tell us the client's address: `false` (none, the default), a hop count, or a comma-separated
 * list of proxy addresses and CIDRs. `true` would let every client pick its own address, so it is refused.
 */
const trustProxy = z
  .string()
  .default('false')
  .transform((value, ctx): false | number | string[] => {
    const text = value.trim();
    if (text === 'false' || text === '0' || text === '') return false;
    if (/^\d+$/.test(text)) return Number(text);
    const entries = text.split(',').map((entry) => entry.trim());
    if (text !== 'true' && entries.every(isAddressOrCidr)) return entries;
    ctx.addIssue({
      code: 'custom',
      message:
        'give the number of proxies in front of the server (e.g. 1) or their addresses/CIDRs (e.g. 10.0.0.0/8,::1); ' +
        '`true` would trust any client-supplied X-Forwarded-For',
    });
    return z.NEVER;
  });

/** `key=value,key2=value2` (OpenTelemetry's format for OTEL_EXPORTER_OTLP_HEADERS; values may be percent-encoded). */
const otlpHeaders = z
  .string()
  .default('')
  .transform((value, ctx): Record<string, string> => {
    const headers: Record<string, string> = {};
    for (const pair of value.split(',').filter((entry) => entry.trim() !== '')) {
      const at = pair.indexOf('=');
      const key = pair.slice(0, at).trim();
      if (at < 1 || !/^[!#$%&'*+.^`|~\w-]+$/.test(key)) {
        ctx.addIssue({ code: 'custom', message: 'give key=value pairs separated by commas' });
        return z.NEVER;
      }
      try {
        headers[key] = decodeURIComponent(pair.slice(at + 1).trim());
      } catch {
        ctx.addIssue({ code: 'custom', message: `the value of ${key} is not valid percent-encoding` });
        return z.NEVER;
      }
    }
    return headers;
  });

/**
 * What the Shopify adapter reads and writes: orders, refunds, returns, drafts, discount codes, gift cards, products,
 * and the locations refunded units go back to stock at.
 */
export const SHOPIFY_SCOPES =
  'read_orders,write_orders,read_customers,read_products,read_inventory,read_locations,write_draft_orders,' +
  'write_discounts,write_gift_cards,write_returns';

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    /** `sqlite:<file>` or a plain file path (SQLite), or `postgres://…` (PostgreSQL). */
    DATABASE_URL: z.string().default('sqlite:./data/return-center.sqlite'),
    /** Public URL the portal is reached at; used in emails and links. */
    PUBLIC_URL: z.url().optional(),
    DEFAULT_SHOP: z.string().default('demo-shop.myshopify.com'),
    SEED_DEMO: bool.default(true),
    MAIL_TRANSPORT: z.enum(['dev', 'smtp']).default('dev'),
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default('Return Center <no-reply@return-center.local>'),
    SESSION_TTL_MINUTES: z.coerce.number().int().min(5).max(10080).default(240),
    CODE_TTL_MINUTES: z.coerce.number().int().min(1).max(10).default(10),
    TRUST_PROXY: trustProxy,
    /** Sign-in tries one client address may make in 15 minutes (DESIGN §5); raise it where many shoppers share one. */
    LOGIN_LIMIT_PER_IP: z.coerce.number().int().min(1).max(100_000).default(30),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Signs document links; generated once and kept in the database when not given. */
    APP_SECRET: z.string().min(32).optional(),
    /** How long a label or packing-slip link (in an email, on the status page) works. */
    DOCUMENT_LINK_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    /** How long an exchange's unpaid draft order holds its new items' units before they go back to stock. */
    EXCHANGE_DRAFT_TTL_MINUTES: z.coerce.number().int().min(5).max(10080).default(60),
    /** A merchant API key for DEFAULT_SHOP; the demo shop also gets `demo-merchant-key`. */
    MERCHANT_API_KEY: z.string().min(16).optional(),
    /** How often the in-process job worker looks for work; 0 turns it off (run workers elsewhere). */
    WORKER_INTERVAL_MS: z.coerce.number().int().min(0).default(1000),
    STORAGE_DRIVER: z.enum(['disk', 's3']).default('disk'),
    UPLOAD_DIR: z.string().default('./data/uploads'),
    S3_BUCKET: z.string().optional(),
    S3_REGION: z.string().default('us-east-1'),
    S3_ENDPOINT: z.url().optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_FORCE_PATH_STYLE: bool.default(false),
    /** `redis://…`: rate-limit counters in Redis instead of the database (several instances, many sign-ins). */
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'a redis:// or rediss:// URL')
      .optional(),
    /** Labels, pickups and tracking: `sandbox` (the default: draws real labels, ships nothing) or `easypost`. */
    CARRIER: z.enum(['sandbox', 'easypost']).default('sandbox'),
    EASYPOST_API_KEY: z.string().min(8).optional(),
    /** The secret of the EasyPost webhook that posts tracker events to /webhooks/easypost. */
    EASYPOST_WEBHOOK_SECRET: z.string().min(16).optional(),
    EASYPOST_BASE_URL: z.url().optional(),
    /** Bank-transfer refunds (solution 6): `sandbox` (the default: pays nothing) or `wise`. */
    PAYOUTS: z.enum(['sandbox', 'wise']).default('sandbox'),
    WISE_API_TOKEN: z.string().min(8).optional(),
    WISE_PROFILE_ID: z.coerce.number().int().positive().optional(),
    WISE_BASE_URL: z.url().optional(),
    /** Card holds for instant exchanges and paid differences (ADR 047): `sandbox` (the default: takes nothing) or `stripe`. */
    PAYMENTS: z.enum(['sandbox', 'stripe']).default('sandbox'),
    /** A Stripe secret key, live or test mode. */
    STRIPE_SECRET_KEY: z.string().min(8).optional(),
    /** Tests only: the local Stripe fake's origin, used instead of Stripe's API. */
    STRIPE_BASE_URL: z.url().optional(),
    /** The pickup form's address search: `gazetteer` (the default, offline) or `google-places`. */
    GEOCODER: z.enum(['gazetteer', 'google-places']).default('gazetteer'),
    GOOGLE_PLACES_API_KEY: z.string().min(8).optional(),
    GOOGLE_PLACES_BASE_URL: z.url().optional(),
    /** How long one call to a carrier, payout or address provider may take before it counts as failed. */
    VENDOR_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
    /**
     * Lets webhooks reach private, loopback and link-local addresses (a receiver on this host or its network). Off by
     * default: a merchant's endpoint could otherwise reach the server's own network (SSRF).
     */
    WEBHOOKS_ALLOW_PRIVATE: bool.default(false),
    /** Test helpers such as POST /dev/demo-orders; never in production. */
    DEV_TOOLS: bool.default(false),
    PORTAL_DIST: z.string().default(new URL('../../portal/dist', import.meta.url).pathname),
    ADMIN_DIST: z.string().default(new URL('../../admin/dist', import.meta.url).pathname),
    /** Where shops' orders come from: `local` (the built-in store, the default) or `shopify` (installed apps). */
    STORE_PLATFORM: z.enum(['local', 'shopify']).default('local'),
    /** The Shopify app's client id (Partner dashboard). */
    SHOPIFY_API_KEY: z.string().min(1).optional(),
    /** The Shopify app's client secret: signs the OAuth callback, webhooks and app-proxy requests. */
    SHOPIFY_API_SECRET: z.string().min(16).optional(),
    /** Encrypts shops' offline access tokens at rest (AES-256-GCM); changing it means installing again. */
    SHOPIFY_TOKEN_KEY: z.string().min(32).optional(),
    /** The access scopes the install asks for (what the adapter's queries and mutations need). */
    SHOPIFY_SCOPES: z
      .string()
      .regex(/^[a-z_]+(,[a-z_]+)*$/, 'comma-separated scopes')
      .default(SHOPIFY_SCOPES),
    /** Tests and e2e only: the fake Admin API's origin, used instead of https://{shop}. */
    SHOPIFY_ADMIN_ORIGIN: z.url().optional(),
    /** How long a console sign-in lasts. */
    CONSOLE_SESSION_HOURS: z.coerce.number().int().min(1).max(720).default(12),
    /** Serves Prometheus metrics at /metrics on this port of METRICS_HOST, apart from the public port (ADR 045). */
    METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    METRICS_HOST: z.string().default('127.0.0.1'),
    /** Serves /metrics on the public port to `Authorization: Bearer <token>` only (or requires it on METRICS_PORT). */
    METRICS_TOKEN: z.string().min(16).optional(),
    /**
     * OpenTelemetry traces (ADR 051): the collector's OTLP/HTTP base URL (`http://collector:4318`); spans go to
     * `<url>/v1/traces`. Unset: no traces, and nothing of OpenTelemetry is loaded.
     */
    OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
    /** Headers sent with each export, `key=value` pairs separated by commas (e.g. an API key of a hosted collector). */
    OTEL_EXPORTER_OTLP_HEADERS: otlpHeaders,
    OTEL_SERVICE_NAME: z.string().min(1).default('return-center'),
    /** On SIGTERM, how long a running job may take to finish before its lease is given back for another instance. */
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  })
  .superRefine((env, ctx) => {
    if (env.STORAGE_DRIVER === 's3' && !env.S3_BUCKET) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'required when STORAGE_DRIVER=s3' });
    }
    if (env.MAIL_TRANSPORT === 'smtp' && !env.SMTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'required when MAIL_TRANSPORT=smtp' });
    }
    const needs: [boolean, keyof typeof env, string][] = [
      [env.CARRIER === 'easypost', 'EASYPOST_API_KEY', 'CARRIER=easypost'],
      [env.PAYOUTS === 'wise', 'WISE_API_TOKEN', 'PAYOUTS=wise'],
      [env.PAYOUTS === 'wise', 'WISE_PROFILE_ID', 'PAYOUTS=wise'],
      [env.GEOCODER === 'google-places', 'GOOGLE_PLACES_API_KEY', 'GEOCODER=google-places'],
      [env.PAYMENTS === 'stripe', 'STRIPE_SECRET_KEY', 'PAYMENTS=stripe'],
    ];
    for (const key of ['SHOPIFY_API_KEY', 'SHOPIFY_API_SECRET', 'SHOPIFY_TOKEN_KEY', 'PUBLIC_URL'] as const)
      needs.push([env.STORE_PLATFORM === 'shopify', key, 'STORE_PLATFORM=shopify']);
    for (const [chosen, key, because] of needs)
      if (chosen && env[key] === undefined)
        ctx.addIssue({ code: 'custom', path: [key], message: `required when ${because}` });
  });

export type Config = z.infer<typeof schema>;

/** Parses the environment once; fails fast listing every bad key. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = schema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  return result.data;
}

export function configFor(overrides: Partial<Record<keyof Config, string>>): Config {
  return loadConfig({ ...overrides });
}
