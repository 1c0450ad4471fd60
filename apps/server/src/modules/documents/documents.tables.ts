import type { TableOwner } from '../../db/ownership.js';

/** The files made for requests, and the app's own secrets. */
export const documentsTables: TableOwner = {
  owner: 'modules/documents',
  tables: {
    documents: {
      personal: { content_base64: 'the label, addressed from the shopper, and the packing slip with their reasons' },
    },
    app_secrets: { notPersonal: { name: 'what the secret is for' } },
  },
  forgetCustomer: async (db, { requestIds }) => {
    for (let i = 0; i < requestIds.length; i += 500)
      await db
        .deleteFrom('documents')
        .where('request_id', 'in', requestIds.slice(i, i + 500))
        .execute();
  },
  forgetShop: async (db, shopId) => {
    await db
      .deleteFrom('documents')
      .where('request_id', 'in', (eb) => eb.selectFrom('return_requests').select('id').where('shop_id', '=', shopId))
      .execute();
  },
};
