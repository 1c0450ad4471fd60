import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    /** `sqlite:<file>` or a plain file path (SQLite), or `postgres://…` (PostgreSQL). */
    DATABASE_URL: z.string().default('sqlite:./data/return-center.sqlite'),
    /** Public URL the portal is reached at; used in emails and links. */
    PUBLIC_URL: z.string().url().optional(),
    DEFAULT_SHOP: z.string().default('demo-shop.myshopify.com'),
    SEED_DEMO: bool.default(true),
    MAIL_TRANSPORT: z.enum(['dev', 'smtp']).default('dev'),
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default('Return Center <no-reply@return-center.local>'),
    SESSION_TTL_MINUTES: z.coerce.number().int().min(5).max(10080).default(240),
    CODE_TTL_MINUTES: z.coerce.number().int().min(1).max(10).default(10),
    TRUST_PROXY: bool.default(false),
    /** Sign-in tries one client address may make in 15 minutes (DESIGN §5); raise it where many shoppers share one. */
    LOGIN_LIMIT_PER_IP: z.coerce.number().int().min(1).max(100_000).default(30),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Signs document links; generated once and kept in the database when not given. */
    APP_SECRET: z.string().min(32).optional(),
    /** A merchant API key for DEFAULT_SHOP; the demo shop also gets `demo-merchant-key`. */
    MERCHANT_API_KEY: z.string().min(16).optional(),
    /** How often the in-process job worker looks for work; 0 turns it off (run workers elsewhere). */
    WORKER_INTERVAL_MS: z.coerce.number().int().min(0).default(1000),
    STORAGE_DRIVER: z.enum(['disk', 's3']).default('disk'),
    UPLOAD_DIR: z.string().default('./data/uploads'),
    S3_BUCKET: z.string().optional(),
    S3_REGION: z.string().default('us-east-1'),
    S3_ENDPOINT: z.string().url().optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_FORCE_PATH_STYLE: bool.default(false),
    /** Test helpers such as POST /dev/demo-orders; never in production. */
    DEV_TOOLS: bool.default(false),
    PORTAL_DIST: z.string().default(new URL('../../portal/dist', import.meta.url).pathname),
  })
  .superRefine((env, ctx) => {
    if (env.STORAGE_DRIVER === 's3' && !env.S3_BUCKET) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'required when STORAGE_DRIVER=s3' });
    }
    if (env.MAIL_TRANSPORT === 'smtp' && !env.SMTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'required when MAIL_TRANSPORT=smtp' });
    }
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
  return loadConfig({ ...overrides } as NodeJS.ProcessEnv);
}
