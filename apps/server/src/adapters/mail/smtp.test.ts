import type { AddressInfo } from 'node:net';
import { calls, Code } from '@return-center/contract';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, shop, type TestApp } from '../../../test/helper.js';

describe('SMTP transport', () => {
  const received: { to: string[]; raw: string }[] = [];
  let server: SMTPServer;
  let t: TestApp;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    t = await buildTestApp('sqlite', {
      MAIL_TRANSPORT: 'smtp',
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'Demo Shop <returns@demo-shop.example>',
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('relays the verification code email to a real SMTP server', async () => {
    const { body } = await t.call(calls.loginCode, { email: 'alice@example.com', shop_url: shop });
    expect(body.code).toBe(Code.Success);
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['alice@example.com']);
    expect(received[0]!.raw).toContain('Subject: Your verification code for Demo Shop');
    expect(received[0]!.raw).toMatch(/From: Demo Shop <returns@demo-shop\.example>/);
  });

  it('has no dev mailbox with SMTP', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(response.statusCode).toBe(404);
  });
});
