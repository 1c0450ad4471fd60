import { Code, consolePath } from '@return-center/contract';
import { describe, expect, it } from 'vitest';
import { addOwner } from '../src/cli/shops.js';
import { buildTestApp, dialects, signInConsole } from '../test/helper.js';
import {
  accept,
  invitationLinks,
  membership,
  offered,
  raceInvites,
  SECOND_SHOP,
  secondShopOwner,
} from '../test/invite-race.js';

const ROUNDS = 25;

/**
 * The invite race of issue #30: staff of shop A became A's owner by accepting A's staff invitation and shop B's owner
 * invitation at the same moment, or when the operator made the same email B's owner. Many rounds of both, on each
 * database: every time, the account ends as exactly what one shop offered it, in that shop.
 */
describe.each(dialects)('invite race on %s', (dialect) => {
  it(`${String(ROUNDS)} rounds of two invitations accepted at once never merge them`, async () => {
    const t = await buildTestApp(dialect);
    try {
      const ownerA = await signInConsole(t);
      const ownerB = await secondShopOwner(t);
      const wins = { staffOfA: 0, ownerOfB: 0 };
      for (let round = 0; round < ROUNDS; round++) {
        const { codes, account } = await raceInvites(t, ownerA, ownerB, `race${String(round)}@shop.example`);
        expect(codes.filter((code) => code === Code.Success)).toHaveLength(1);
        expect(account).toEqual(offered(ownerA, ownerB)[codes.indexOf(Code.Success)]);
        if (account?.role === 'staff') wins.staffOfA += 1;
        else wins.ownerOfB += 1;
      }
      console.log(`${dialect}, invitations:`, wins);
    } finally {
      await t.close();
    }
  });

  it(`${String(ROUNDS)} rounds of an acceptance racing the operator's add-owner of another shop`, async () => {
    const t = await buildTestApp(dialect);
    try {
      const ownerA = await signInConsole(t);
      const ownerB = await secondShopOwner(t);
      const outcomes = { staffOfA: 0, ownerOfB: 0 };
      for (let round = 0; round < ROUNDS; round++) {
        const email = `cli${String(round)}@shop.example`;
        await ownerA.send('POST', consolePath('invite'), { email, role: 'staff' });
        const [link] = await invitationLinks(t, email);
        const [accepted, made] = await Promise.allSettled([
          accept(t, link?.token ?? ''),
          addOwner(t.db, t.clock, SECOND_SHOP, email, 'Owner'),
        ]);
        const account = await membership(t, email);
        const acceptedCode = accepted.status === 'fulfilled' ? accepted.value.json<{ code: number }>().code : 0;
        if (made.status === 'fulfilled') {
          // The operator made a new owner of B before the acceptance: the acceptance was refused.
          expect(account).toEqual({ shop_id: ownerB.session.shop.id, role: 'owner' });
          expect(acceptedCode).toBe(Code.InvalidInput);
          outcomes.ownerOfB += 1;
        } else {
          expect(String(made.reason)).toMatch(/is an account of demo-shop|meanwhile/);
          expect(account).toEqual({ shop_id: ownerA.session.shop.id, role: 'staff' });
          expect(acceptedCode).toBe(Code.Success);
          outcomes.staffOfA += 1;
        }
      }
      console.log(`${dialect}, add-owner:`, outcomes);
    } finally {
      await t.close();
    }
  });
});
