import type { TableOwner } from '../../db/ownership.js';

/** The payments of exchanges' differences on the local store (ADR 047): ids and amounts, nothing of a person. */
export const exchangeDifferencesTables = {
  owner: 'modules/exchanges/difference-payments',
  tables: { exchange_differences: {} },
  forgetShop: async (db, shopId) => {
    await db.deleteFrom('exchange_differences').where('shop_id', '=', shopId).execute();
  },
} satisfies TableOwner;
