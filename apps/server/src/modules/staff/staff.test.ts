import {
  Code,
  consolePath,
  CSRF_HEADER,
  MERCHANT_BASE,
  merchantPath,
  type ApiKeySummary,
  type Envelope,
  type StaffAccount,
} from '@return-center/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_OWNER } from '../../demo/demo-shop.js';
import { buildTestApp, dialects, mailbox, signInConsole, submitReturn, type TestApp } from '../../../test/helper.js';
import { totpAt } from './totp.js';

const signIn = (t: TestApp, payload: object, ip = '10.0.0.7') =>
  t.app.inject({ method: 'POST', url: consolePath('signIn'), payload, remoteAddress: ip });

/** The link of the latest console mail to `to` (invite or reset), its token in the fragment. */
async function mailedToken(t: TestApp, to: string): Promise<string> {
  await t.app.ctx.worker.runDue();
  const [mail] = await mailbox(t, to);
  const token = /#token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no link mailed to ${to}`);
  return token;
}

describe.each(dialects)('merchant console accounts on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect);
  });
  afterEach(() => t.close());

  it('signs the demo owner in with an HttpOnly, SameSite=Strict session cookie and a CSRF token', async () => {
    const owner = await signInConsole(t);
    expect(owner.setCookie).toMatch(/HttpOnly/);
    expect(owner.setCookie).toMatch(/SameSite=Strict/);
    expect(owner.setCookie).not.toMatch(/Secure/);
    expect(owner.session).toMatchObject({
      account: { email: DEMO_OWNER.email, role: 'owner', totp_enabled: false },
      shop: { shop_url: 'demo-shop.myshopify.com' },
    });
    expect((await owner.send('GET', consolePath('session'))).body.code).toBe(Code.Success);

    const overHttps = await t.app.inject({
      method: 'POST',
      url: consolePath('signIn'),
      payload: { email: DEMO_OWNER.email, password: DEMO_OWNER.password },
      headers: { 'x-forwarded-proto': 'https' },
    });
    // Without a trusted proxy the forwarded protocol is ignored; the server itself speaks HTTP here.
    expect(String(overHttps.headers['set-cookie'])).not.toMatch(/Secure/);
    const behindProxy = await t.restart({ TRUST_PROXY: '1' });
    const secure = await behindProxy.inject({
      method: 'POST',
      url: consolePath('signIn'),
      payload: { email: DEMO_OWNER.email, password: DEMO_OWNER.password },
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.5' },
    });
    expect(String(secure.headers['set-cookie'])).toMatch(/; Secure/);
  });

  it('answers a wrong password and an unknown email alike, and limits tries per address', async () => {
    const wrong = await signIn(t, { email: DEMO_OWNER.email, password: 'not-the-password' });
    const unknown = await signIn(t, { email: 'nobody@example.com', password: 'not-the-password' });
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toMatchObject({ code: Code.SignInFailed });
    // Signing in successfully counts nothing: a team behind one office address is not locked out by working.
    for (let i = 0; i < 25; i++) expect((await signIn(t, DEMO_OWNER, '10.0.0.8')).statusCode).toBe(200);
    for (let i = 0; i < 20; i++) await signIn(t, { email: `x${String(i)}@example.com`, password: 'nope' }, '10.0.0.8');
    const blocked = await signIn(t, DEMO_OWNER, '10.0.0.8');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: Code.RateLimited });
    // Another address still gets in.
    expect((await signIn(t, DEMO_OWNER, '10.0.0.6')).json()).toMatchObject({ code: Code.Success });
    // Ten wrong passwords for one email, from ten addresses, lock that email everywhere for a while.
    for (let i = 0; i < 10; i++) await signIn(t, { email: DEMO_OWNER.email, password: 'nope' }, `10.1.0.${String(i)}`);
    expect((await signIn(t, DEMO_OWNER, '10.2.0.1')).statusCode).toBe(429);
    t.clock.advance(15 * 60 * 1000);
    expect((await signIn(t, DEMO_OWNER, '10.2.0.1')).json()).toMatchObject({ code: Code.Success });
  });

  it('moves requests through the merchant API with the session, records who did it, and wants the CSRF token', async () => {
    const { requestId } = await submitReturn(t);
    const owner = await signInConsole(t);
    const withoutToken = await t.app.inject({
      method: 'POST',
      url: merchantPath('approve', requestId),
      headers: { cookie: owner.cookie },
      payload: {},
    });
    expect(withoutToken.statusCode).toBe(403);
    const forged = await owner.send('POST', merchantPath('approve', requestId), {}, { [CSRF_HEADER]: 'forged' });
    expect(forged.status).toBe(403);

    const approved = await owner.send('POST', merchantPath('approve', requestId), {});
    expect(approved.body).toMatchObject({ code: Code.Success, data: { status: 2 } });
    const detail = (await owner.send('GET', merchantPath('get', requestId))).body.data as {
      events: { actor: string; action: string }[];
    };
    expect(detail.events.at(-1)).toMatchObject({ actor: `console:${DEMO_OWNER.email}`, action: 'approve' });
    const counts = (await owner.send('GET', consolePath('requestCounts'))).body.data;
    // The demo's seeded request of #1005 waits for review; ours is approved.
    expect(counts).toEqual({ '1': 1, '2': 1 });
  });

  it('ends the session at sign-out', async () => {
    const owner = await signInConsole(t);
    expect((await owner.send('DELETE', consolePath('signOut'))).body.code).toBe(Code.Success);
    const after = await owner.send('GET', consolePath('session'));
    expect(after.status).toBe(401);
    expect((await owner.send('GET', merchantPath('list'))).status).toBe(401);
  });

  it('lets the owner create an API key that works with the merchant API, and revoke it', async () => {
    const owner = await signInConsole(t);
    const created = (await owner.send('POST', consolePath('createKey'), { label: 'Warehouse' })).body
      .data as ApiKeySummary & { key: string };
    expect(created.key).toMatch(/^rc_/);
    expect(created.hint).toBe(created.key.slice(-4));
    const list = (await owner.send('GET', consolePath('listKeys'))).body.data as ApiKeySummary[];
    expect(list.map((k) => k.label)).toEqual(['demo', 'Warehouse']);
    expect(JSON.stringify(list)).not.toContain(created.key);

    const withKey = () =>
      t.app.inject({
        method: 'GET',
        url: `${MERCHANT_BASE}/requests`,
        headers: { authorization: `Bearer ${created.key}` },
      });
    expect((await withKey()).statusCode).toBe(200);
    expect((await owner.send('DELETE', consolePath('revokeKey', created.id))).body.code).toBe(Code.Success);
    expect((await withKey()).statusCode).toBe(401);
    expect((await owner.send('DELETE', consolePath('revokeKey', created.id))).body.code).toBe(Code.NotFound);
  });

  it('invites staff by an emailed link; staff review requests but cannot touch keys, staff or settings', async () => {
    const owner = await signInConsole(t);
    expect(
      (await owner.send('POST', consolePath('invite'), { email: 'sam@shop.example', role: 'staff' })).body.code,
    ).toBe(Code.Success);
    const token = await mailedToken(t, 'sam@shop.example');
    const accept = { token, name: 'Sam', password: 'a long enough password' };
    expect(
      (await t.app.inject({ method: 'POST', url: consolePath('acceptInvite'), payload: accept })).json(),
    ).toMatchObject({
      code: Code.Success,
    });
    // The link works once.
    expect(
      (await t.app.inject({ method: 'POST', url: consolePath('acceptInvite'), payload: accept })).json(),
    ).toMatchObject({
      code: Code.LinkExpired,
    });
    const sam = await signInConsole(t, { email: 'sam@shop.example', password: 'a long enough password' });
    expect(sam.session.account).toMatchObject({ name: 'Sam', role: 'staff' });
    expect((await sam.send('GET', merchantPath('list'))).body.code).toBe(Code.Success);
    expect((await sam.send('GET', consolePath('listKeys'))).status).toBe(403);
    expect((await sam.send('POST', consolePath('invite'), { email: 'x@shop.example', role: 'owner' })).status).toBe(
      403,
    );
    const settings = (await sam.send('GET', merchantPath('getSettings'))).body.data;
    expect((await sam.send('PUT', merchantPath('putSettings'), settings)).status).toBe(403);

    const staff = (await owner.send('GET', consolePath('listStaff'))).body.data as StaffAccount[];
    const samId = staff.find((a) => a.email === 'sam@shop.example')?.id ?? 0;
    expect((await owner.send('DELETE', consolePath('removeStaff', samId))).body.code).toBe(Code.Success);
    expect((await sam.send('GET', consolePath('session'))).status).toBe(401);
  });

  it('resets a password by an emailed link that works once, for an hour, and signs every session out', async () => {
    const before = await signInConsole(t);
    const ask = () =>
      t.app.inject({ method: 'POST', url: consolePath('forgotPassword'), payload: { email: DEMO_OWNER.email } });
    expect((await ask()).json()).toMatchObject({ code: Code.Success });
    // An unknown email gets the same answer and no mail.
    const unknown = await t.app.inject({
      method: 'POST',
      url: consolePath('forgotPassword'),
      payload: { email: 'nobody@example.com' },
    });
    expect(unknown.json()).toMatchObject({ code: Code.Success });
    const token = await mailedToken(t, DEMO_OWNER.email);
    expect(await mailbox(t, 'nobody@example.com')).toEqual([]);

    const reset = (password: string) =>
      t.app.inject({ method: 'POST', url: consolePath('resetPassword'), payload: { token, password } });
    expect((await reset('short')).json()).toMatchObject({ code: Code.InvalidInput });
    expect((await reset('a brand new password')).json()).toMatchObject({ code: Code.Success });
    expect((await reset('another new password')).json()).toMatchObject({ code: Code.LinkExpired });
    expect((await before.send('GET', consolePath('session'))).status).toBe(401);
    expect((await signIn(t, DEMO_OWNER)).json()).toMatchObject({ code: Code.SignInFailed });
    await signInConsole(t, { email: DEMO_OWNER.email, password: 'a brand new password' });

    expect((await ask()).json()).toMatchObject({ code: Code.Success });
    const late = await mailedToken(t, DEMO_OWNER.email);
    t.clock.advance(3601 * 1000);
    const expired = await t.app.inject({
      method: 'POST',
      url: consolePath('resetPassword'),
      payload: { token: late, password: 'yet another password' },
    });
    expect(expired.json()).toMatchObject({ code: Code.LinkExpired });
  });

  it('asks for a TOTP code once the second factor is on, and refuses a wrong one', async () => {
    const owner = await signInConsole(t);
    const setup = (await owner.send('POST', consolePath('totpSetup'))).body.data as {
      secret: string;
      otpauth_url: string;
      qr_image: string;
    };
    expect(setup.otpauth_url).toContain(`secret=${setup.secret}`);
    expect(setup.qr_image).toMatch(/^data:image\/svg\+xml;base64,/);
    const now = () => Math.floor(t.clock.nowMs() / 1000 / 30);
    expect((await owner.send('POST', consolePath('totpEnable'), { code: '000000' })).body.code).toBe(Code.SignInFailed);
    expect((await owner.send('POST', consolePath('totpEnable'), { code: totpAt(setup.secret, now()) })).body.code).toBe(
      Code.Success,
    );

    expect((await signIn(t, DEMO_OWNER)).json()).toMatchObject({ code: Code.SecondFactorRequired });
    expect((await signIn(t, { ...DEMO_OWNER, totp: totpAt(setup.secret, now() + 5) })).json()).toMatchObject({
      code: Code.SignInFailed,
    });
    // The code that turned it on was taken: the next step's code signs in, and works once.
    const next = totpAt(setup.secret, now() + 1);
    await signInConsole(t, { ...DEMO_OWNER, totp: next });
    expect((await signIn(t, { ...DEMO_OWNER, totp: next })).json()).toMatchObject({ code: Code.SignInFailed });
    // The secret is stored sealed, never as the base32 the app was shown.
    const row = await t.db
      .selectFrom('staff_accounts')
      .select('totp_secret')
      .where('email', '=', DEMO_OWNER.email)
      .executeTakeFirstOrThrow();
    expect(row.totp_secret).not.toContain(setup.secret);
  });

  it('saves settings only over the version they were read from', async () => {
    const owner = await signInConsole(t);
    const read = await owner.send('GET', merchantPath('getSettings'));
    const etag = String(read.headers.etag);
    const settings = read.body.data as { style: { return_page_primary_color: string } };
    settings.style.return_page_primary_color = '#123456';
    const first = await owner.send('PUT', merchantPath('putSettings'), settings, { 'if-match': etag });
    expect(first.body.code).toBe(Code.Success);
    expect(first.headers.etag).not.toBe(etag);
    // A colleague's save from the same old version is refused, and the first save stands.
    settings.style.return_page_primary_color = '#654321';
    const stale = await owner.send('PUT', merchantPath('putSettings'), settings, { 'if-match': etag });
    expect(stale.status).toBe(412);
    expect(stale.body.code).toBe(Code.SettingsConflict);
    const now = (await owner.send('GET', merchantPath('getSettings'))).body as Envelope<{
      style: { return_page_primary_color: string };
    }>;
    expect(now.data.style.return_page_primary_color).toBe('#123456');
  });

  it('keeps the demo owner only in the demo', async () => {
    const operated = await t.restart({ MERCHANT_API_KEY: 'an-operator-key-0123456789' });
    const tried = await operated.inject({ method: 'POST', url: consolePath('signIn'), payload: DEMO_OWNER });
    expect(tried.json()).toMatchObject({ code: Code.SignInFailed });
  });
});
