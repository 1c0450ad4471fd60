import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Customer, TableOwner } from '../../db/ownership.js';
import type { LocalPlatformTable } from './tables.js';

/**
 * What the local store keeps of people: its customers, their orders' contact and address, the email of exchange
 * drafts. Forgetting blanks them (a customer row keeps a placeholder: one row per shop and email) and keeps the rest
 * of the orders: lines, amounts, refunds.
 */
export const localPlatformTables = {
  owner: 'adapters/store-platform/local',
  tables: {
    customers: {
      personal: {
        email: 'the customer’s email',
        phone: 'their phone',
        first_name: 'their first name',
        last_name: 'their last name',
      },
    },
    orders: {
      personal: { email: 'the customer’s email', phone: 'their phone', shipping_address: 'their address (JSON)' },
      notPersonal: { order_name: 'the order’s name, e.g. #1001' },
    },
    order_lines: {},
    products: {
      notPersonal: { search_text: 'words of the product, its tags and SKUs', option_names: 'e.g. ["Size"]' },
    },
    variants: {},
    platform_refunds: { notPersonal: { idempotency_key: 'our key of the refund' } },
    collections: {},
    collection_products: {},
    platform_draft_orders: {
      personal: { email: 'the customer’s email' },
      notPersonal: { idempotency_key: 'our key of the draft', group_key: 'our key of the order’s drafts' },
    },
    platform_draft_order_lines: {},
  },
  forgetCustomer: async (db, { shopId, emails, orderIds }) => {
    if (emails.length === 0 && orderIds.length === 0) return;
    await forget(db, shopId, { emails, orderIds });
  },
  forgetShop: (db, shopId) => forget(db, shopId, 'all'),
} satisfies TableOwner & { tables: Record<LocalPlatformTable, unknown> };

async function forget(db: Db, shopId: number, who: Pick<Customer, 'emails' | 'orderIds'> | 'all'): Promise<void> {
  const some = who !== 'all';
  const { emails, orderIds } = some ? who : { emails: [], orderIds: [] };
  const orders = await db
    .selectFrom('orders')
    .select(['id', 'customer_id'])
    .where('shop_id', '=', shopId)
    .$if(some, (query) =>
      query.where((eb) =>
        eb.or([
          ...(emails.length ? [eb(eb.fn('lower', ['email']), 'in', emails)] : []),
          ...(orderIds.length ? [eb('id', 'in', orderIds)] : []),
        ]),
      ),
    )
    .execute();
  const customerIds = [...new Set(orders.map((o) => o.customer_id))];
  for (let i = 0; i < orders.length; i += 500) {
    const ids = orders.slice(i, i + 500).map((o) => o.id);
    await db.updateTable('orders').set({ email: '', phone: '', shipping_address: '' }).where('id', 'in', ids).execute();
  }
  await db
    .updateTable('platform_draft_orders')
    .set({ email: '' })
    .where('shop_id', '=', shopId)
    .$if(some, (query) =>
      query.where((eb) =>
        eb.or([
          ...(emails.length ? [eb(eb.fn('lower', ['email']), 'in', emails)] : []),
          ...(orderIds.length ? [eb('order_id', 'in', orderIds)] : []),
        ]),
      ),
    )
    .execute();
  if (some && emails.length === 0 && customerIds.length === 0) return;
  await db
    .updateTable('customers')
    .set({ email: sql<string>`'forgotten:' || cast(id as varchar(20))`, phone: '', first_name: '', last_name: '' })
    .where('shop_id', '=', shopId)
    .$if(some, (query) =>
      query.where((eb) =>
        eb.or([
          ...(emails.length ? [eb(eb.fn('lower', ['email']), 'in', emails)] : []),
          ...(customerIds.length ? [eb('id', 'in', customerIds)] : []),
        ]),
      ),
    )
    .execute();
}
