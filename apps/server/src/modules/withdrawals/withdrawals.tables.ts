import type { Db } from '../../db/database.js';
import type { TableOwner } from '../../db/ownership.js';

/**
 * The withdrawal declarations (ADR 046): inserted once, never updated, and the desk's links of those that made no
 * request to one. Forgetting a customer deletes theirs (by the email they gave, or the requests they became or were
 * linked to) with their links; forgetting a shop, all of its.
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
    withdrawal_links: {
      personal: { linked_by: 'a console member’s email (console:<email>)' },
    },
  },
  forgetCustomer: async (db, { shopId, emails, requestIds, orderIds }) => {
    const conditions = [emails, requestIds, orderIds].some((list) => list.length > 0);
    if (!conditions) return;
    const theirs = db
      .selectFrom('withdrawals')
      .select('id')
      .where('shop_id', '=', shopId)
      .where((eb) =>
        eb.or([
          ...(emails.length > 0 ? [eb(eb.fn('lower', ['email']), 'in', emails)] : []),
          ...(requestIds.length > 0 ? [eb('request_id', 'in', requestIds)] : []),
          ...(orderIds.length > 0 ? [eb('order_id', 'in', orderIds)] : []),
          ...(requestIds.length > 0 ? [eb('id', 'in', linkedTo(db, shopId, requestIds))] : []),
        ]),
      );
    const ids = (await theirs.execute()).map((row) => row.id);
    if (ids.length === 0) return;
    await db.deleteFrom('withdrawal_links').where('withdrawal_id', 'in', ids).execute();
    await db.deleteFrom('withdrawals').where('id', 'in', ids).execute();
  },
  forgetShop: async (db, shopId) => {
    await db.deleteFrom('withdrawal_links').where('shop_id', '=', shopId).execute();
    await db.deleteFrom('withdrawals').where('shop_id', '=', shopId).execute();
  },
} satisfies TableOwner;

/** The declarations staff linked to these requests. */
const linkedTo = (db: Db, shopId: number, requestIds: number[]) =>
  db
    .selectFrom('withdrawal_links')
    .select('withdrawal_id')
    .where('shop_id', '=', shopId)
    .where('request_id', 'in', requestIds);
