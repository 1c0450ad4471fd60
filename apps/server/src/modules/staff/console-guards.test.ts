import { Code, consolePath, CSRF_HEADER, merchantPath, type Envelope } from '@return-center/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_OWNER } from '../../demo/demo-shop.js';
import { buildTestApp, dialects, signInConsole, type TestApp } from '../../../test/helper.js';
import { totpAt } from './totp.js';

const step = (t: TestApp) => Math.floor(t.clock.nowMs() / 1000 / 30);
/** A client reaching the server through a proxy that ends TLS (trusted as one hop). */
const overHttps = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.5' };

describe.each(dialects)('console guards on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect);
  });
  afterEach(() => t.close());

  it('answers a CSRF token of the right length in non-ASCII characters with a 403, not a 500', async () => {
    const owner = await signInConsole(t);
    const length = owner.session.csrf_token.length;
    for (const forged of ['é'.repeat(length), '€'.repeat(length), `${owner.session.csrf_token.slice(1)}ü`]) {
      const answer = await owner.send('PUT', merchantPath('putSettings'), {}, { [CSRF_HEADER]: forged });
      expect(answer.status).toBe(403);
      expect(answer.body.code).toBe(Code.Forbidden);
    }
  });

  it('asks for a current code before re-keying or dropping a second factor in force', async () => {
    const owner = await signInConsole(t);
    const first = (await owner.send('POST', consolePath('totpSetup'))).body.data as { secret: string };
    await owner.send('POST', consolePath('totpEnable'), { code: totpAt(first.secret, step(t)) });
    // Without a code, or with a wrong one, nothing changes: sign-in still wants a code of the first secret.
    for (const body of [undefined, {}, { code: '000000' }]) {
      const answer = await owner.send('POST', consolePath('totpSetup'), body);
      expect(answer.body.code).toBe(Code.SignInFailed);
    }
    const session = await owner.send('GET', consolePath('session'));
    expect(session.body.data).toMatchObject({ account: { totp_enabled: true } });
    const again = await t.app.inject({ method: 'POST', url: consolePath('signIn'), payload: DEMO_OWNER });
    expect(again.json<Envelope<unknown>>().code).toBe(Code.SecondFactorRequired);
    await signInConsole(t, { ...DEMO_OWNER, totp: totpAt(first.secret, step(t) + 1) });

    t.clock.advance(60_000);
    // With the current code it re-keys; the new secret is in force once confirmed.
    const rekeyed = await owner.send('POST', consolePath('totpSetup'), { code: totpAt(first.secret, step(t)) });
    expect(rekeyed.body.code).toBe(Code.Success);
    const second = rekeyed.body.data as { secret: string };
    expect(second.secret).not.toBe(first.secret);
    await owner.send('POST', consolePath('totpEnable'), { code: totpAt(second.secret, step(t)) });
    await signInConsole(t, { ...DEMO_OWNER, totp: totpAt(second.secret, step(t) + 1) });
  });

  it('limits wrong codes when re-keying or turning off the second factor', async () => {
    const owner = await signInConsole(t);
    const { secret } = (await owner.send('POST', consolePath('totpSetup'))).body.data as { secret: string };
    await owner.send('POST', consolePath('totpEnable'), { code: totpAt(secret, step(t)) });
    const good = new Set([-1, 0, 1].map((d) => totpAt(secret, step(t) + d)));
    const wrong = ['111111', '222222', '333333', '444444', '555555', '666666', '777777', '888888', '999999', '123456']
      .filter((code) => !good.has(code))
      .slice(0, 9);
    for (const code of wrong) await owner.send('POST', consolePath('totpDisable'), { code });
    await owner.send('POST', consolePath('totpSetup'), { code: '000001' });
    const limited = await owner.send('POST', consolePath('totpDisable'), { code: totpAt(secret, step(t) + 1) });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe(Code.RateLimited);
  });

  it('names the session cookie __Host- over HTTPS and sends HSTS there, but not over plain HTTP', async () => {
    const plain = await t.app.inject({ method: 'POST', url: consolePath('signIn'), payload: DEMO_OWNER });
    expect(String(plain.headers['set-cookie'])).toMatch(/^rc_console=/);
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // Without a trusted proxy a forwarded protocol is ignored.
    const untrusted = await t.app.inject({
      method: 'POST',
      url: consolePath('signIn'),
      payload: DEMO_OWNER,
      headers: overHttps,
    });
    expect(String(untrusted.headers['set-cookie'])).toMatch(/^rc_console=/);
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();

    const proxied = await t.restart({ TRUST_PROXY: '1' });
    const signedIn = await proxied.inject({
      method: 'POST',
      url: consolePath('signIn'),
      payload: DEMO_OWNER,
      headers: overHttps,
    });
    const setCookie = String(signedIn.headers['set-cookie']);
    expect(setCookie).toMatch(/^__Host-rc_console=[\w-]+; Path=\/; HttpOnly; SameSite=Strict; Max-Age=\d+; Secure$/);
    expect(signedIn.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const cookie = setCookie.split(';')[0] ?? '';
    const session = await proxied.inject({
      method: 'GET',
      url: consolePath('session'),
      headers: { ...overHttps, cookie },
    });
    expect(session.statusCode).toBe(200);
    expect(session.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    // Under HTTPS a cookie without the prefix (planted by a sibling subdomain, say) is no session.
    const token = cookie.split('=')[1] ?? '';
    const planted = await proxied.inject({
      method: 'GET',
      url: consolePath('session'),
      headers: { ...overHttps, cookie: `rc_console=${token}` },
    });
    expect(planted.statusCode).toBe(401);
    // Signing out clears the prefixed cookie.
    const out = await proxied.inject({
      method: 'DELETE',
      url: consolePath('signOut'),
      headers: {
        ...overHttps,
        cookie,
        [CSRF_HEADER]: signedIn.json<Envelope<{ csrf_token: string }>>().data.csrf_token,
      },
    });
    expect(String(out.headers['set-cookie'])).toMatch(/^__Host-rc_console=; .*Max-Age=0; Secure$/);
    // Every answer over HTTPS carries HSTS, the portal's pages included.
    const page = await proxied.inject({ method: 'GET', url: '/health', headers: overHttps });
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('serves the merchant API docs under a CSP that allows only their own style', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/merchant/docs' });
    expect(docs.statusCode).toBe(200);
    const policy = String(docs.headers['content-security-policy']);
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    const { createHash } = await import('node:crypto');
    const style = /<style>([^<]*)<\/style>/.exec(docs.body)?.[1] ?? '';
    expect(policy).toContain(`style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'`);
    expect(docs.body).not.toMatch(/<script/i);
  });
});
