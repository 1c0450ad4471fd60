import type { TableOwner } from '../../db/ownership.js';

/** Bank-transfer payees: forgetting keeps the payee's account at the payout provider but not whose it is. */
export const payoutsTables: TableOwner = {
  owner: 'modules/payouts',
  tables: {
    payout_recipients: {
      personal: { holder: 'the account holder’s name', iban_last4: 'the end of their IBAN' },
    },
  },
  forgetCustomer: async (db, { shopId, orderIds }) => {
    if (orderIds.length === 0) return;
    await db
      .updateTable('payout_recipients')
      .set({ holder: '', iban_last4: '' })
      .where('shop_id', '=', shopId)
      .where('order_id', 'in', orderIds)
      .execute();
  },
  forgetShop: async (db, shopId) => {
    await db
      .updateTable('payout_recipients')
      .set({ holder: '', iban_last4: '' })
      .where('shop_id', '=', shopId)
      .execute();
  },
};
