import { consolePath, type ConsoleSession } from '@return-center/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, mailbox, signInConsole, type TestApp } from '../../../test/helper.js';

/** A second member of the demo shop, invited by the owner and signed in. */
async function inviteStaff(t: TestApp, owner: Awaited<ReturnType<typeof signInConsole>>) {
  await owner.send('POST', consolePath('invite'), { email: 'lea@shop.example', role: 'staff' });
  await t.app.ctx.worker.runDue();
  const [mail] = await mailbox(t, 'lea@shop.example');
  const token = /#token=([\w-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
  const payload = { token, name: 'Lea', password: 'a long enough password' };
  await t.app.inject({ method: 'POST', url: consolePath('acceptInvite'), payload });
  return signInConsole(t, { email: 'lea@shop.example', password: 'a long enough password' }, '10.0.0.10');
}

const accountOf = async (member: Awaited<ReturnType<typeof signInConsole>>) =>
  ((await member.send('GET', consolePath('session'))).body.data as ConsoleSession).account;

describe.each(dialects)('console language of a staff member on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect);
  });
  afterEach(() => t.close());

  it('keeps each member’s own choice, on the session answer and the next sign-in', async () => {
    const owner = await signInConsole(t);
    const lea = await inviteStaff(t, owner);
    expect(owner.session.account.language).toBeNull();

    expect((await lea.send('PUT', consolePath('setLanguage'), { language: 'de' })).status).toBe(200);
    expect((await accountOf(lea)).language).toBe('de');
    expect((await accountOf(owner)).language).toBeNull();

    expect((await owner.send('PUT', consolePath('setLanguage'), { language: 'ar' })).status).toBe(200);
    expect((await accountOf(owner)).language).toBe('ar');
    expect((await accountOf(lea)).language).toBe('de');
    const again = await signInConsole(
      t,
      { email: 'lea@shop.example', password: 'a long enough password' },
      '10.0.0.11',
    );
    expect(again.session.account.language).toBe('de');
  });

  it('refuses a language the console does not speak, and one sent without the CSRF token', async () => {
    const owner = await signInConsole(t);
    for (const language of ['xx', 'ko', '', 'DE-de']) {
      const reply = await owner.send('PUT', consolePath('setLanguage'), { language });
      expect(reply.status, language).toBe(422);
      expect(JSON.stringify(reply.body)).toContain('language');
    }
    expect((await accountOf(owner)).language).toBeNull();

    const forged = await t.app.inject({
      method: 'PUT',
      url: consolePath('setLanguage'),
      headers: { cookie: owner.cookie },
      payload: { language: 'fr' },
    });
    expect(forged.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: consolePath('setLanguage'),
      payload: { language: 'fr' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await accountOf(owner)).language).toBeNull();
  });
});
