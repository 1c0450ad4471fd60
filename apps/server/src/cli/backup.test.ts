import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { calls, MERCHANT_BASE } from '@return-center/contract';
import { oneLineReturn } from '@return-center/contract/sample-return';
import { present } from '@return-center/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { uploadPhoto } from '../../test/shopify.js';
import { buildTestApp, shop, type TestApp } from '../../test/helper.js';
import { createDb } from '../db/database.js';
import { runMerchantCli } from './merchant.js';

const DEMO_KEY = { authorization: 'Bearer demo-merchant-key' };

/** A server on a SQLite file and its own upload folder, as `npm start` runs one. */
async function instance(dir: string) {
  const file = join(dir, 'return-center.sqlite');
  const uploads = join(dir, 'uploads');
  const database = createDb(`sqlite:${file}`);
  const t = await buildTestApp('sqlite', { UPLOAD_DIR: uploads }, { database });
  const env = { DATABASE_URL: `sqlite:${file}`, UPLOAD_DIR: uploads };
  return {
    t,
    env,
    close: async () => {
      await t.close();
      await database.db.destroy();
    },
  };
}

async function cli(env: NodeJS.ProcessEnv, ...argv: string[]) {
  const lines: string[] = [];
  const code = await runMerchantCli(argv, env, (line) => lines.push(line));
  return { code, output: lines.join('\n') };
}

/** What a merchant and a shopper see of a request: its detail, and its photo's bytes. */
async function seen(t: TestApp, requestId: number, photo: string) {
  const detail = await t.app.inject({
    method: 'GET',
    url: `${MERCHANT_BASE}/requests/${String(requestId)}`,
    headers: DEMO_KEY,
  });
  const file = await t.app.inject({ method: 'GET', url: photo });
  expect(detail.statusCode).toBe(200);
  expect(file.statusCode).toBe(200);
  return { detail: detail.json<unknown>(), file: file.rawPayload };
}

describe('backup and restore (SQLite)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rc-backup-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('backs up a running server online and restores it into a fresh instance that serves the same request and files', async () => {
    const first = await instance(join(dir, 'first'));
    const { t } = first;
    const token = (await t.call(calls.login, { shop_url: shop, email: 'alice@example.com', order_number: '#1001' }))
      .body.data.token;
    const photo = await uploadPhoto(t, token);
    const orderId = present((await t.call(calls.index, {}, token)).body.data.list[0], 'an order').id;
    const line = present((await t.call(calls.orderInfo, { order_id: orderId }, token)).body.data.yes[0], 'a line');
    const submit = oneLineReturn(
      { orderId, lineId: line.line_item_id, idempotencyKey: randomBytes(8).toString('hex') },
      { reason: { provide_proof: [photo] } },
    );
    const requestId = (await t.call(calls.setReturnOrder, submit, token)).body.data.request_id;
    const before = await seen(t, requestId, photo);

    // Online: the first server keeps its database open (and could write) while the copy is made.
    const file = join(dir, 'nightly.backup');
    const made = await cli(first.env, 'backup', file);
    expect(made).toEqual({
      code: 0,
      output: expect.stringMatching(/and 1 uploaded files to .*nightly\.backup$/) as string,
    });
    expect((await cli(first.env, 'backup', file)).output).toMatch(/exists: give a new file name/);
    // Restoring over a database a server has open is refused, and changes nothing.
    expect(await cli(first.env, 'restore', file)).toEqual({
      code: 1,
      output: expect.stringMatching(/is in use by a running server: stop every instance, then restore$/) as string,
    });
    await first.close();

    // A fresh instance: another database file and an empty upload folder.
    const freshEnv = {
      DATABASE_URL: `sqlite:${join(dir, 'fresh', 'return-center.sqlite')}`,
      UPLOAD_DIR: join(dir, 'fresh', 'uploads'),
    };
    expect(await cli(freshEnv, 'restore', file)).toMatchObject({
      code: 0,
      output: expect.stringMatching(/and 1 uploaded files from/) as string,
    });
    const fresh = await instance(join(dir, 'fresh'));
    try {
      expect(await seen(fresh.t, requestId, photo)).toEqual(before);
    } finally {
      await fresh.close();
    }
  });

  it('points PostgreSQL at pg_dump and pg_restore, and refuses a file that is not a backup', async () => {
    const postgres = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' };
    expect((await cli(postgres, 'backup', join(dir, 'pg.backup'))).output).toMatch(/pg_dump .* pg_restore/);
    expect((await cli(postgres, 'restore', join(dir, 'pg.backup'))).output).toMatch(/pg_dump .* pg_restore/);
    const plain = join(dir, 'plain.sqlite');
    await createDb(`sqlite:${plain}`).db.destroy();
    const env = { DATABASE_URL: `sqlite:${join(dir, 'other.sqlite')}`, UPLOAD_DIR: join(dir, 'other') };
    expect((await cli(env, 'restore', plain)).output).toMatch(/is not a backup made by `backup`/);
  });
});
