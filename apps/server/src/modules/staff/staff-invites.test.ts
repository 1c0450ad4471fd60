import { Code, consolePath, type StaffAccount, type StaffInvite } from '@return-center/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addOwner } from '../../cli/shops.js';
import { buildTestApp, dialects, mailbox, signInConsole, type TestApp } from '../../../test/helper.js';
import {
  accept,
  invitationLinks,
  membership,
  offered,
  raceInvites,
  SECOND_SHOP,
  secondShopOwner,
} from '../../../test/invite-race.js';

const SAM = { email: 'sam@shop.example', password: 'a long enough password' };

describe.each(dialects)('staff memberships and invitations on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect);
  });
  afterEach(() => t.close());

  it('an account racing a staff invite of one shop and an owner invite of another ends as exactly one of them', async () => {
    const ownerA = await signInConsole(t);
    const ownerB = await secondShopOwner(t);
    for (const email of ['race1@shop.example', 'race2@shop.example', 'race3@shop.example']) {
      const { codes, account } = await raceInvites(t, ownerA, ownerB, email);
      expect(codes.filter((code) => code === Code.Success)).toHaveLength(1);
      expect(codes.filter((code) => code === Code.InvalidInput)).toHaveLength(1);
      const won = offered(ownerA, ownerB)[codes.indexOf(Code.Success)];
      expect(account).toEqual(won);
    }
  });

  it('the operator’s add-owner refuses an email of another shop unless asked to move it', async () => {
    const ownerA = await signInConsole(t);
    await ownerA.send('POST', consolePath('invite'), { email: SAM.email, role: 'staff' });
    const [link] = await invitationLinks(t, SAM.email);
    expect((await accept(t, link?.token ?? '')).json()).toMatchObject({ code: Code.Success });
    const sam = await signInConsole(t, SAM);
    await secondShopOwner(t);

    await expect(addOwner(t.db, t.clock, SECOND_SHOP, SAM.email, 'Sam')).rejects.toThrow(
      /is an account of demo-shop\.myshopify\.com.*--move/,
    );
    expect(await membership(t, SAM.email)).toEqual({ shop_id: ownerA.session.shop.id, role: 'staff' });
    expect((await sam.send('GET', consolePath('session'))).status).toBe(200);

    const moved = await addOwner(t.db, t.clock, SECOND_SHOP, SAM.email, 'Sam', { move: true });
    expect(moved.outcome).toBe('moved');
    expect(await membership(t, SAM.email)).toEqual({ shop_id: moved.shop.id, role: 'owner' });
    // Its sessions in the first shop ended; it signs in to the second one with the new password.
    expect((await sam.send('GET', consolePath('session'))).status).toBe(401);
    const again = await signInConsole(t, { email: SAM.email, password: moved.password });
    expect(again.session.shop.shop_url).toBe(SECOND_SHOP);
    const listed = (await ownerA.send('GET', consolePath('listStaff'))).body.data as StaffAccount[];
    expect(listed.map((a) => a.email)).not.toContain(SAM.email);
  });

  it('removing a person voids their other invitation links and password resets', async () => {
    const owner = await signInConsole(t);
    await owner.send('POST', consolePath('invite'), { email: SAM.email, role: 'staff' });
    const [first] = await invitationLinks(t, SAM.email);
    await owner.send('POST', consolePath('invite'), { email: SAM.email, role: 'staff' });
    const [second] = await invitationLinks(t, SAM.email);
    expect(second?.token).not.toBe(first?.token);
    // A newer invitation replaces the older one: its link no longer works.
    expect((await accept(t, first?.token ?? '')).json()).toMatchObject({ code: Code.LinkExpired });
    expect((await accept(t, second?.token ?? '')).json()).toMatchObject({ code: Code.Success });
    await t.app.inject({ method: 'POST', url: consolePath('forgotPassword'), payload: { email: SAM.email } });
    const resetToken = await latestResetToken(t);

    const staff = (await owner.send('GET', consolePath('listStaff'))).body.data as StaffAccount[];
    const samId = staff.find((a) => a.email === SAM.email)?.id ?? 0;
    expect((await owner.send('DELETE', consolePath('removeStaff', samId))).body.code).toBe(Code.Success);
    expect((await accept(t, second?.token ?? '')).json()).toMatchObject({ code: Code.LinkExpired });
    const resetAfter = await t.app.inject({
      method: 'POST',
      url: consolePath('resetPassword'),
      payload: { token: resetToken, password: 'a password of mine' },
    });
    expect(resetAfter.json()).toMatchObject({ code: Code.LinkExpired });
    // Invited again, Sam joins with a fresh link; the old reset link still does nothing.
    await owner.send('POST', consolePath('invite'), { email: SAM.email, role: 'staff' });
    const [third] = await invitationLinks(t, SAM.email);
    expect((await accept(t, third?.token ?? '')).json()).toMatchObject({ code: Code.Success });
    const stillDead = await t.app.inject({
      method: 'POST',
      url: consolePath('resetPassword'),
      payload: { token: resetToken, password: 'a password of mine' },
    });
    expect(stillDead.json()).toMatchObject({ code: Code.LinkExpired });
  });

  it('lists pending invitations to the owner, who can revoke one: its link stops working', async () => {
    const owner = await signInConsole(t);
    await owner.send('POST', consolePath('invite'), { email: SAM.email, role: 'owner' });
    await owner.send('POST', consolePath('invite'), { email: 'kim@shop.example', role: 'staff' });
    const [link] = await invitationLinks(t, SAM.email);
    const pending = (await owner.send('GET', consolePath('listInvites'))).body.data as StaffInvite[];
    expect(pending.map(({ email, role }) => ({ email, role }))).toEqual([
      { email: SAM.email, role: 'owner' },
      { email: 'kim@shop.example', role: 'staff' },
    ]);
    expect(pending[0]?.expires_at).toBe(Math.floor(t.clock.nowMs() / 1000) + 7 * 86_400);
    const samInvite = pending[0]?.id ?? 0;

    // Another shop's owner and the shop's staff cannot revoke it.
    const other = await secondShopOwner(t);
    expect((await other.send('DELETE', consolePath('revokeInvite', samInvite))).body.code).toBe(Code.NotFound);
    const [kimLink] = await invitationLinks(t, 'kim@shop.example');
    await accept(t, kimLink?.token ?? '');
    const kim = await signInConsole(t, { email: 'kim@shop.example', password: 'a long enough password' });
    expect((await kim.send('GET', consolePath('listInvites'))).status).toBe(403);
    expect((await kim.send('DELETE', consolePath('revokeInvite', samInvite))).status).toBe(403);

    expect((await owner.send('DELETE', consolePath('revokeInvite', samInvite))).body.code).toBe(Code.Success);
    expect((await owner.send('GET', consolePath('listInvites'))).body.data).toEqual([]);
    expect((await accept(t, link?.token ?? '')).json()).toMatchObject({ code: Code.LinkExpired });
    expect(await membership(t, SAM.email)).toBeUndefined();
    // Revoked while its mail was still queued: no link is made at all.
    await owner.send('POST', consolePath('invite'), { email: 'lee@shop.example', role: 'staff' });
    const lee = ((await owner.send('GET', consolePath('listInvites'))).body.data as StaffInvite[])[0]?.id ?? 0;
    await owner.send('DELETE', consolePath('revokeInvite', lee));
    expect(await invitationLinks(t, 'lee@shop.example')).toEqual([]);
  });
});

/** The token of the newest password-reset mail to Sam. */
async function latestResetToken(t: TestApp): Promise<string> {
  await t.app.ctx.worker.runDue();
  const mail = (await mailbox(t, SAM.email)).find((m) => m.subject.startsWith('Reset your password'));
  return /#token=([\w-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
}
