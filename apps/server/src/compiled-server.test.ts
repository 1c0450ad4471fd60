import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { calls, type AnswerOf, type Envelope } from '@return-center/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverCommand, serverEnvDefaults } from '../../../scripts/server.mjs';
import { freePort } from '../hardening/server-process.js';

const root = new URL('../../../', import.meta.url).pathname;

/**
 * The server as `npm start` runs it in production: built to JavaScript by scripts/build-server.mjs and started with
 * plain node. What the bundle must still find beside it (the email and reason translations, the catalogue images,
 * the portal) is read here through the API.
 */
describe('the built server', () => {
  let child: ChildProcess;
  let base: string;
  beforeAll(async () => {
    execFileSync(process.execPath, [join(root, 'scripts/build-server.mjs')], { cwd: root, stdio: 'inherit' });
    const port = await freePort();
    base = `http://127.0.0.1:${String(port)}`;
    const [command, args] = serverCommand;
    child = spawn(command, args, {
      cwd: root,
      env: {
        ...process.env,
        ...serverEnvDefaults,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: `sqlite:${join(mkdtempSync(join(tmpdir(), 'built-server-')), 'db.sqlite')}`,
        LOG_LEVEL: 'warn',
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
        return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the built server did not start in 30 s');
  }, 120_000);
  afterAll(() => {
    child.kill('SIGTERM');
  });

  const post = async <T>(path: string, body: object, token?: string) => {
    const response = await fetch(base + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return (await response.json()) as Envelope<T>;
  };

  it('mails in the shopper’s language and names reasons in it', async () => {
    await post(calls.loginCode.path, { email: 'alice@example.com', shop_url: 'demo-shop.myshopify.com', lang: 'de' });
    let subject = '';
    for (let i = 0; i < 100 && !subject; i++) {
      const mails = (await (await fetch(`${base}/dev/mailbox?to=alice%40example.com`)).json()) as { subject: string }[];
      subject = mails[0]?.subject ?? '';
      if (!subject) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(subject).toBe('Ihr Bestätigungscode für Demo Shop');

    const login = await post<AnswerOf<typeof calls.login>>(calls.login.path, {
      shop_url: 'demo-shop.myshopify.com',
      email: 'alice@example.com',
      order_number: '#1001',
    });
    const reasons = await post<AnswerOf<typeof calls.getReason>>(
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
