import type { TableOwner } from '../../db/ownership.js';

/**
 * The withdrawal declarations (ADR 046): inserted once, never updated. Forgetting a customer deletes theirs (by the
 * email they gave, or the requests they became); forgetting a shop, all of its.
 */
export const withdrawalsTables = {
  owner: 'modules/withdrawals',
  tables: {
    withdrawals: {
      personal: {
        name: 'the name the consumer gave',
        email: 'the email the consumer gave for the acknowledgement',
        order_number: 'the order number as typed, which may name another order',
        items: 'the items withdrawn',
        items_text: "the items in the consumer's own words",
      },
    },
  },
  forgetCustomer: async (db, { shopId, emails, requestIds, orderIds }) => {
    const conditions = [emails, requestIds, orderIds].some((list) => list.length > 0);
    if (!conditions) return;
    await db
      .deleteFrom('withdrawals')
      .where('shop_id', '=', shopId)
      .where((eb) =>
        eb.or([
          ...(emails.length > 0 ? [eb(eb.fn('lower', ['email']), 'in', emails)] : []),
          ...(requestIds.length > 0 ? [eb('request_id', 'in', requestIds)] : []),
          ...(orderIds.length > 0 ? [eb('order_id', 'in', orderIds)] : []),
        ]),
      )
      .execute();
  },
  forgetShop: async (db, shopId) => {
    await db.deleteFrom('withdrawals').where('shop_id', '=', shopId).execute();
  },
} satisfies TableOwner;
