import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { StaffRepository } from './staff.repository.js';

/** The email is a member of another shop, and the operator did not ask to move it. */
export class MemberOfAnotherShop extends Error {
  constructor(readonly shopId: number) {
    super('The email belongs to an account of another shop');
  }
}

/**
 * Makes the email an owner of the shop with a new password (the operator's `shops add-owner`), in one transaction:
 * a new account, or one of this shop promoted, or, only when `move` is asked, an account of another shop moved here,
 * its sessions ended and its links to the other shop void. A concurrent change to the account (an invite accepted
 * meanwhile) makes it fail rather than merge: the email is unique, and the update names the shop it read.
 */
export async function makeOwner(
  db: Db,
  input: { shopId: number; email: string; name: string; passwordHash: string; now: number; move: boolean },
): Promise<'created' | 'updated' | 'moved'> {
  try {
    return await db.transaction().execute(async (trx) => {
      const accounts = new StaffRepository(trx);
      const existing = await accounts.byEmail(input.email);
      if (!existing) {
        await accounts.insert({ ...input, role: 'owner' });
        await accounts.voidLinks(input.shopId, input.email);
        return 'created';
      }
      const moving = existing.shop_id !== input.shopId;
      if (moving && !input.move) throw new MemberOfAnotherShop(existing.shop_id);
      const updated = await trx
        .updateTable('staff_accounts')
        .set({ shop_id: input.shopId, role: 'owner', password_hash: input.passwordHash })
        .where('id', '=', existing.id)
        .where('shop_id', '=', existing.shop_id)
        .executeTakeFirst();
      if (updated.numUpdatedRows !== 1n) throw new Error('The account changed meanwhile: run the command again');
      await accounts.endSessionsOf(existing.id);
      await accounts.voidLinks(existing.shop_id, input.email);
      await accounts.voidLinks(input.shopId, input.email);
      return moving ? 'moved' : 'updated';
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new Error('An account was made for this email meanwhile: run the command again');
    throw error;
  }
}
