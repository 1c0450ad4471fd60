import { Code, consolePath, type Envelope } from '@return-center/contract';
import { addOwner } from '../src/cli/shops.js';
import { addShop, mailbox, signInConsole, type TestApp } from './helper.js';

export type Console = Awaited<ReturnType<typeof signInConsole>>;
export const SECOND_SHOP = 'other.myshopify.com';

/** A second shop on the server with an owner made by the operator's `shops add-owner`, signed in to the console. */
export async function secondShopOwner(t: TestApp): Promise<Console> {
  await addShop(t, SECOND_SHOP);
  const { password } = await addOwner(t.db, t.clock, SECOND_SHOP, 'boss@other.example', 'Boss');
  return signInConsole(t, { email: 'boss@other.example', password });
}

/** The invitation links mailed to `to`, by the name of the shop that sent each (newest first). */
export async function invitationLinks(t: TestApp, to: string): Promise<{ shop: string; token: string }[]> {
  await t.app.ctx.worker.runDue();
  return (await mailbox(t, to)).map((mail) => ({
    shop: /returns desk of (.+)$/.exec(mail.subject)?.[1] ?? '',
    token: /#token=([\w-]+)/.exec(mail.text)?.[1] ?? '',
  }));
}

export const accept = (t: TestApp, token: string, password = 'a long enough password') =>
  t.app.inject({ method: 'POST', url: consolePath('acceptInvite'), payload: { token, name: 'Sam', password } });

/** Where the email's account stands: which shop (by id) and with which role, if it exists. */
export async function membership(t: TestApp, email: string) {
  return t.db.selectFrom('staff_accounts').select(['shop_id', 'role']).where('email', '=', email).executeTakeFirst();
}

/**
 * One round of the attack: shop A (the demo) invites `email` as staff, shop B as owner, and both links are accepted at
 * the same moment. Answers the codes of the two acceptances and where the account ended up.
 */
export async function raceInvites(t: TestApp, ownerA: Console, ownerB: Console, email: string) {
  await ownerA.send('POST', consolePath('invite'), { email, role: 'staff' });
  await ownerB.send('POST', consolePath('invite'), { email, role: 'owner' });
  const links = await invitationLinks(t, email);
  const [a, b] = [ownerA, ownerB].map((owner) => links.find((l) => l.shop === owner.session.shop.name)?.token ?? '');
  const answers = await Promise.all([accept(t, a ?? ''), accept(t, b ?? '')]);
  const codes = answers.map((answer) => answer.json<Envelope<unknown>>().code);
  return { codes, account: await membership(t, email) };
}

/** What each shop's invitation offered: the account must end up as exactly one of these. */
export function offered(ownerA: Console, ownerB: Console) {
  return [
    { shop_id: ownerA.session.shop.id, role: 'staff' },
    { shop_id: ownerB.session.shop.id, role: 'owner' },
  ];
}

export const ACCEPTED = Code.Success;
