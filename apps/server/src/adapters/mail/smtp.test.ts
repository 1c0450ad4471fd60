import { createServer, type AddressInfo } from 'node:net';
import { calls, Code } from '@return-center/contract';
import { present } from '@return-center/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSmtp, type FakeSmtp } from '../../../test/fakes/smtp-server.js';
import { buildTestApp, dialects, shop, type TestApp } from '../../../test/helper.js';

// What any transport must deliver (recipient, subject, text, html; refusals) is in mail.contract.test.ts; here, what
// only SMTP has: the app picks it from its settings, sends from MAIL_FROM, and has no dev mailbox.
describe.each(dialects)('SMTP transport on %s', (dialect) => {
  let server: FakeSmtp;
  let t: TestApp;

  beforeAll(async () => {
    server = await startFakeSmtp();
    t = await buildTestApp(dialect, {
      MAIL_TRANSPORT: 'smtp',
      SMTP_URL: server.url,
      MAIL_FROM: '"Fernhill Supply Co." <returns@demo-shop.example>',
    });
  });
  afterAll(async () => {
    await t.close();
    await server.close();
  });

  it('relays the verification code email to the configured SMTP server, from MAIL_FROM', async () => {
    const { body } = await t.call(calls.loginCode, { email: 'alice@example.com', shop_url: shop });
    expect(body.code).toBe(Code.Success);
    await t.app.ctx.worker.runDue();
    expect(server.received).toHaveLength(1);
    const mail = present(server.received[0], 'relayed mail');
    expect(mail.to).toEqual(['alice@example.com']);
    expect(mail.headers.get('from')).toBe('"Fernhill Supply Co." <returns@demo-shop.example>');
    expect(mail.headers.get('to')).toBe('alice@example.com');
    expect(mail.text).toMatch(/\b\d{6}\b/);
  });

  it('has no dev mailbox with SMTP', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(response.statusCode).toBe(404);
  });
});

describe.each(dialects)('sign-in codes with the SMTP server down, on %s', (dialect) => {
  it('answers a customer and a stranger identically, and keeps the customer code mail queued for a retry', async () => {
    // A port nobody listens on: every send fails at once.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const t = await buildTestApp(dialect, { MAIL_TRANSPORT: 'smtp', SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      const customer = await t.call(calls.loginCode, { email: 'alice@example.com', shop_url: shop });
      const stranger = await t.call(calls.loginCode, { email: 'nobody@example.com', shop_url: shop });
      expect(customer.status).toBe(200);
      expect(customer.body).toEqual(stranger.body);
      expect(customer.status).toBe(stranger.status);
      await t.app.ctx.worker.runDue();
      const pending = t.db.selectFrom('jobs').select(['status', 'attempts']).where('kind', '=', 'auth.send-code');
      // The stranger's job ends quietly; the customer's waits to be retried, with no code stored in plain text.
      expect(await pending.where('status', '=', 'queued').execute()).toEqual([{ status: 'queued', attempts: 1 }]);
      const payloads = await t.db.selectFrom('jobs').select('payload').execute();
      const codes = await t.db.selectFrom('verification_codes').select('code_hash').execute();
      expect(codes.every((c) => !/^\d{6}$/.test(c.code_hash))).toBe(true);
      expect(payloads.every((p) => !/\b\d{6}\b/.test(p.payload))).toBe(true);
    } finally {
      await t.close();
    }
  });
});
