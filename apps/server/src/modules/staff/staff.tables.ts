import type { TableOwner } from '../../db/ownership.js';

/** The console's members, their sessions, links and invitations: people of the merchant, never its customers. */
export const staffTables: TableOwner = {
  owner: 'modules/staff',
  tables: {
    staff_accounts: {
      personal: { email: 'the member’s email', name: 'the member’s name', password_hash: 'their password, hashed' },
    },
    staff_sessions: {},
    staff_links: { personal: { email: 'the invited or resetting address' } },
    staff_invites: { personal: { email: 'the invited address' } },
  },
  // A customer of the shop is no member of its console: nothing here is theirs.
  forgetCustomer: async () => {},
  forgetShop: async (db, shopId) => {
    await db
      .deleteFrom('staff_sessions')
      .where('account_id', 'in', (eb) => eb.selectFrom('staff_accounts').select('id').where('shop_id', '=', shopId))
      .execute();
    await db.deleteFrom('staff_accounts').where('shop_id', '=', shopId).execute();
    await db.deleteFrom('staff_links').where('shop_id', '=', shopId).execute();
    await db.deleteFrom('staff_invites').where('shop_id', '=', shopId).execute();
  },
};
