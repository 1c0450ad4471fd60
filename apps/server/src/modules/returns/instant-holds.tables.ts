import type { TableOwner } from '../../db/ownership.js';

/** The holds the portal's hold step started (ADR 047): ids, keys and states, nothing of a person. */
export const instantHoldsTables = {
  owner: 'modules/returns/instant-holds',
  tables: {
    instant_holds: {
      notPersonal: { hold_key: 'our key of the hold (shop and draft ids)' },
    },
  },
  forgetShop: async (db, shopId) => {
    await db.deleteFrom('instant_holds').where('shop_id', '=', shopId).execute();
  },
} satisfies TableOwner;
