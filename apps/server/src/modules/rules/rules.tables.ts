import { blockLists, ruleSetBody, type RuleSetBody } from '@return-center/contract';
import type { Db } from '../../db/database.js';
import { addresses, type TableOwner } from '../../db/ownership.js';

/** Rewrites one shop's stored rule set through `change`, if it has one. */
async function rewrite(db: Db, shopId: number, change: (body: RuleSetBody) => RuleSetBody): Promise<void> {
  const row = await db.selectFrom('return_rules').select('body').where('shop_id', '=', shopId).executeTakeFirst();
  if (!row) return;
  const body = change(ruleSetBody.parse(JSON.parse(row.body)));
  await db
    .updateTable('return_rules')
    .set({ body: JSON.stringify(body) })
    .where('shop_id', '=', shopId)
    .execute();
}

/** The shops' return rules. Their block lists may name a customer by email. */
export const rulesTables: TableOwner = {
  owner: 'modules/rules',
  tables: {
    return_rules: {
      personal: { body: 'block lists of emails and street addresses, and staff-written rule names and messages' },
    },
  },
  forgetCustomer: async (db, customer) => {
    const forgotten = new Set(addresses(customer.emails));
    if (forgotten.size === 0) return;
    await rewrite(db, customer.shopId, (body) => ({
      ...body,
      lists: blockLists.parse({
        ...body.lists,
        emails: body.lists.emails.filter((entry) => !forgotten.has(entry.trim().toLowerCase())),
      }),
    }));
  },
  forgetShop: async (db, shopId) => {
    await db.deleteFrom('return_rules').where('shop_id', '=', shopId).execute();
  },
};
