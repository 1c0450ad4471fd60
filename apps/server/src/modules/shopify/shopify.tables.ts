import type { TableOwner } from '../../db/ownership.js';

/** Shopify installs, the webhook deliveries seen, and customers/data_request deliveries. */
export const shopifyTables: TableOwner = {
  owner: 'modules/shopify',
  tables: {
    shopify_installs: {},
    shopify_webhook_events: {},
    shopify_data_requests: {
      personal: { email: 'the customer’s email', payload: 'the delivery as Shopify sent it (JSON, with the email)' },
    },
  },
  forgetCustomer: async (db, { shopId, emails }) => {
    if (emails.length === 0) return;
    await db
      .deleteFrom('shopify_data_requests')
      .where('shop_id', '=', shopId)
      .where((eb) => eb(eb.fn('lower', ['email']), 'in', emails))
      .execute();
  },
  forgetShop: async (db, shopId) => {
    await db.deleteFrom('shopify_data_requests').where('shop_id', '=', shopId).execute();
  },
};
