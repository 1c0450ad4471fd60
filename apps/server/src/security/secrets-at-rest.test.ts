import { calls, Code, messages } from '@return-center/contract';
import { present } from '@return-center/domain';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MailMessage, MailTransport } from '../adapters/mail/port.js';
import { ownSchemaIntrospector } from '../db/own-schema.js';
import { addEmptyShop, buildTestApp, dialects, shop, submitReturn, type TestApp } from '../../test/helper.js';

/**
 * DESIGN §5 for codes and sessions, the points auth.test.ts does not hold: a code is bound to its email and shop,
 * tokens carry at least 128 random bits, and after a whole journey at trace level neither the logs nor any table
 * holds a code or a token in plain text. (Format, single use, expiry, tries, send limits, token expiry and logout:
 * modules/auth/auth.test.ts.)
 */
describe.each(dialects)('codes and tokens at rest on %s', (dialect) => {
  let t: TestApp;
  const logLines: string[] = [];
  const inbox: MailMessage[] = [];
  // Mail leaves through a transport of our own, so that no table legitimately holds a mailed code.
  const mail: MailTransport = {
    kind: 'smtp',
    send: (message) => {
      inbox.push(message);
      return Promise.resolve();
    },
  };

  beforeEach(async () => {
    logLines.length = 0;
    inbox.length = 0;
    t = await buildTestApp(
      dialect,
      { LOG_LEVEL: 'trace', MAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtp://127.0.0.1:1' },
      { mail, logStream: { write: (line) => void logLines.push(line) } },
    );
  });
  afterEach(() => t.close());

  const mailedCode = async (email: string) => {
    await t.app.ctx.worker.runDue();
    const message = inbox.filter((m) => m.to === email).at(-1);
    return present(/\b(\d{6})\b/.exec(message?.text ?? '')?.[1], `code mailed to ${email}`);
  };

  it('binds a code to its email and its shop', async () => {
    await t.call(calls.loginCode, { email: 'alice@example.com', shop_url: shop });
    const code = await mailedCode('alice@example.com');
    const asBob = await t.call(calls.login, { email: 'bob@example.com', code, shop_url: shop });
    expect(asBob.body).toMatchObject({ code: Code.InvalidVerificationCode, msg: messages.invalidCode });
    await addEmptyShop(t);
    const elsewhere = await t.call(calls.login, { email: 'alice@example.com', code, shop_url: 'other.myshopify.com' });
    expect(elsewhere.body.code).not.toBe(Code.Success);
    // Neither try used the code up for its owner.
    expect((await t.call(calls.login, { email: 'alice@example.com', code, shop_url: shop })).body.code).toBe(
      Code.Success,
    );
  });

  it('issues tokens of at least 128 random bits', async () => {
    const tokens = new Set<string>();
    for (let i = 0; i < 20; i++) {
      tokens.add(
        (
          await t.call(
            calls.login,
            { email: 'alice@example.com', order_number: '#1001', shop_url: shop },
            undefined,
            `10.9.0.${i}`,
          )
        ).body.data.token,
      );
    }
    expect(tokens.size).toBe(20);
    for (const token of tokens) expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
  });

  it('keeps no code or token in plain text in the logs or in any table, after a whole journey', async () => {
    const secrets: string[] = [];
    await t.call(calls.loginCode, { email: 'alice@example.com', shop_url: shop });
    const code = await mailedCode('alice@example.com');
    secrets.push(code);
    const codeLogin = await t.call(calls.login, { email: 'alice@example.com', code, shop_url: shop });
    secrets.push(codeLogin.body.data.token);
    const { token, requestId } = await submitReturn(t);
    secrets.push(token);
    const key = await t.call(calls.getUploadKey, { filename: 'a.png' }, token);
    expect(key.body.code).toBe(Code.Success);
    expect((await t.call(calls.returnInfo, { request_id: requestId }, token)).body.code).toBe(Code.Success);
    await t.call(calls.logout, {}, codeLogin.body.data.token);
    await t.app.ctx.worker.runDue();

    const logs = logLines.join('\n');
    // The journey's requests were logged (so the checks below read something), each with its path.
    for (const call of [calls.loginCode, calls.login, calls.setReturnOrder, calls.returnInfo, calls.logout])
      expect(logs).toContain(`"url":"${call.path}"`);
    for (const secret of secrets) expect(logs).not.toContain(secret);
    // A header logged whole would carry the token; the request log shows only method, path, status and time.
    expect(logs.toLowerCase()).not.toContain('authorization');

    for (const table of await tableNames(t)) {
      const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(t.db);
      const dump = JSON.stringify(rows.rows);
      for (const secret of secrets) expect(dump, `${table} holds a secret`).not.toContain(secret);
    }
  });
});

async function tableNames(t: TestApp): Promise<string[]> {
  const tables = await (
    t.app.ctx.dialect === 'postgres' ? ownSchemaIntrospector(t.db) : t.db.introspection
  ).getTables();
  expect(tables.map((table) => table.name)).toEqual(expect.arrayContaining(['sessions', 'verification_codes']));
  return tables.map((table) => table.name);
}
