import type { TableOwner } from '../../db/ownership.js';

/** Shoppers' sign-ins: forgetting a customer ends their sessions and drops their codes. */
export const authTables: TableOwner = {
  owner: 'modules/auth',
  tables: {
    sessions: { personal: { email: 'the shopper’s email' } },
    verification_codes: { personal: { email: 'the shopper’s email' } },
  },
  forgetCustomer: async (db, { shopId, emails }) => {
    if (emails.length === 0) return;
    await db
      .deleteFrom('sessions')
      .where('shop_id', '=', shopId)
      .where((eb) => eb(eb.fn('lower', ['email']), 'in', emails))
      .execute();
    await db
      .deleteFrom('verification_codes')
      .where('shop_id', '=', shopId)
      .where((eb) => eb(eb.fn('lower', ['email']), 'in', emails))
      .execute();
  },
  forgetShop: async (db, shopId) => {
    await db.deleteFrom('sessions').where('shop_id', '=', shopId).execute();
    await db.deleteFrom('verification_codes').where('shop_id', '=', shopId).execute();
  },
};
