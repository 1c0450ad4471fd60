import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { calls, Code, type AnswerOf, type Envelope } from '@return-center/contract';
import { present } from '@return-center/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverCommand, serverEnvDefaults } from '../../../scripts/server.mjs';
import { freePort } from '../hardening/server-process.js';
import { startOtlpCollector } from '../test/fakes/otlp-collector.js';
import { startFakeS3 } from '../test/fakes/s3-server.js';
import { startFakeSmtp, type FakeSmtp } from '../test/fakes/smtp-server.js';
import { throwawaySchema } from '../test/schema-pool.js';

const root = new URL('../../../', import.meta.url).pathname;

/** Builds the server once per file, and starts it as `npm start` does, on a fresh SQLite file unless told. */
let built = false;
async function startBuilt(env: Record<string, string>): Promise<{ child: ChildProcess; base: string }> {
  if (!built) execFileSync(process.execPath, [join(root, 'scripts/build-server.mjs')], { cwd: root, stdio: 'inherit' });
  built = true;
  const port = await freePort();
  const base = `http://127.0.0.1:${String(port)}`;
  const [command, args] = serverCommand;
  const child = spawn(command, args, {
    cwd: root,
    env: {
      ...process.env,
      ...serverEnvDefaults,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${join(mkdtempSync(join(tmpdir(), 'built-server-')), 'db.sqlite')}`,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the built server exited with ${String(child.exitCode)}`);
    if (
      await fetch(`${base}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { child, base };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the built server did not start in 30 s');
}

/** A GET call's payload goes in the query, as the portal sends it. */
const get = async <T>(base: string, path: string, query: Record<string, string>, token: string) => {
  const response = await fetch(`${base}${path}?${new URLSearchParams(query).toString()}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await response.json()) as Envelope<T>;
};

const post = async <T>(base: string, path: string, body: object, token?: string) => {
  const response = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Envelope<T>;
};

/**
 * The server as `npm start` runs it in production: built to JavaScript by scripts/build-server.mjs and started with
 * plain node. What the bundle must still find beside it (the email and reason translations, the catalogue images,
 * the portal) is read here through the API.
 */
describe('the built server', () => {
  let child: ChildProcess;
  let base: string;
  beforeAll(async () => {
    ({ child, base } = await startBuilt({}));
  }, 120_000);
  afterAll(() => {
    child.kill('SIGTERM');
  });

  it('mails in the shopper’s language and names reasons in it', async () => {
    await post(base, calls.loginCode.path, {
      email: 'alice@example.com',
      shop_url: 'demo-shop.myshopify.com',
      lang: 'de',
    });
    let subject = '';
    for (let i = 0; i < 100 && !subject; i++) {
      const mails = (await (await fetch(`${base}/dev/mailbox?to=alice%40example.com`)).json()) as { subject: string }[];
      subject = mails[0]?.subject ?? '';
      if (!subject) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(subject).toBe('Ihr Bestätigungscode für Fernhill Supply Co.');

    const login = await post<AnswerOf<typeof calls.login>>(base, calls.login.path, {
      shop_url: 'demo-shop.myshopify.com',
      email: 'alice@example.com',
      order_number: '#1001',
    });
    const reasons = await post<AnswerOf<typeof calls.getReason>>(
      base,
      calls.getReason.path,
      { lang: 'de' },
      login.data.token,
    );
    expect(reasons.data.list.map((r) => r.text)).toContain('Passt nicht zu mir');
  });

  it('serves the catalogue images beside it', async () => {
    const image = await fetch(`${base}/catalogue/canvas-tote.svg`);
    expect(image.status).toBe(200);
  });
});

/**
 * The adapters that load only when configured are chunks of the bundle, or packages left outside it: each is used
 * once through the built server. SMTP and S3 run against local fakes; PostgreSQL and Redis when the suite has them.
 */
describe('the built server with its optional adapters', () => {
  let child: ChildProcess;
  let base: string;
  let smtp: FakeSmtp;
  let s3: Awaited<ReturnType<typeof startFakeS3>>;
  let collector: Awaited<ReturnType<typeof startOtlpCollector>>;
  let dropSchema = async () => {};
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    s3 = await startFakeS3('proofs');
    collector = await startOtlpCollector();
    const env: Record<string, string> = {
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      MAIL_TRANSPORT: 'smtp',
      SMTP_URL: smtp.url,
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'proofs',
      S3_ENDPOINT: s3.endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'test',
      S3_SECRET_ACCESS_KEY: 'test-secret',
    };
    if (process.env.TEST_REDIS_URL) env.REDIS_URL = process.env.TEST_REDIS_URL;
    if (process.env.TEST_DATABASE_URL) {
      const schema = await throwawaySchema(process.env.TEST_DATABASE_URL, 'built_');
      const url = new URL(process.env.TEST_DATABASE_URL);
      url.searchParams.set('options', `-c search_path=${schema.name}`);
      env.DATABASE_URL = url.toString();
      dropSchema = schema.drop;
    }
    ({ child, base } = await startBuilt(env));
  }, 120_000);
  afterAll(async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
    await Promise.all([smtp.close(), s3.close(), collector.close(), dropSchema()]);
  });

  it('mails a sign-in code over SMTP, signs in, and stores a proof photo in S3', async () => {
    await post(base, calls.loginCode.path, { email: 'alice@example.com', shop_url: 'demo-shop.myshopify.com' });
    for (let i = 0; i < 100 && smtp.received.length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    const code = present(/\b(\d{6})\b/.exec(smtp.received[0]?.text ?? '')?.[1], 'code in the mail');
    const login = await post<AnswerOf<typeof calls.login>>(base, calls.login.path, {
      shop_url: 'demo-shop.myshopify.com',
      email: 'alice@example.com',
      code,
    });
    expect(login.code).toBe(Code.Success);

    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const key = await get<AnswerOf<typeof calls.getUploadKey>>(
      base,
      calls.getUploadKey.path,
      { filename: 'proof.png' },
      login.data.token,
    );
    const put = await fetch(key.data.data.url, {
      method: 'PUT',
      body: photo,
      headers: { 'content-type': 'image/png' },
    });
    expect(put.status).toBe(200);
    const done = await get<AnswerOf<typeof calls.uploadCallback>>(
      base,
      calls.uploadCallback.path,
      { url: key.data.data.output_url },
      login.data.token,
    );
    expect(done.code).toBe(Code.Success);
    expect([...s3.objects.keys()]).toContain(done.data.path);
  });

  // Last: it stops the server, whose shutdown sends the spans it still holds (ADR 051).
  it('sends its traces over OTLP/HTTP: a request, the job it queued and its SMTP call in one trace', async () => {
    await post(base, calls.loginCode.path, { email: 'bob@example.com', shop_url: 'demo-shop.myshopify.com' });
    for (let i = 0; i < 100 && !smtp.received.some((mail) => mail.to.includes('bob@example.com')); i++)
      await new Promise((r) => setTimeout(r, 100));
    child.kill('SIGTERM');
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(0);
    const named = (name: string) => collector.spans.filter((span) => span.name === name);
    const request = named(`POST ${calls.loginCode.path}`).at(-1);
    expect(request).toMatchObject({ resource: { 'service.name': 'return-center' } });
    const job = named('job auth.send-code').find((span) => span.traceId === request?.traceId);
    expect(job).toMatchObject({ parentSpanId: request?.spanId, attributes: { 'job.outcome': 'done' } });
    expect(named('mail send').find((span) => span.parentSpanId === job?.spanId)).toMatchObject({
      attributes: { 'vendor.adapter': 'smtp', 'vendor.outcome': 'ok' },
    });
  });
});
