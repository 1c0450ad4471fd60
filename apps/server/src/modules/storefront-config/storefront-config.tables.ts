import type { TableOwner } from '../../db/ownership.js';

/** The shops and their settings. */
export const storefrontConfigTables: TableOwner = {
  owner: 'modules/storefront-config',
  tables: {
    shops: {
      personal: {
        contact_email: 'the merchant’s contact email',
        contact_phone: 'the merchant’s contact phone',
        settings_saved_by: 'the email of the staff member who saved the settings last',
      },
      notPersonal: { name: 'the shop’s name', shop_url: 'the shop’s domain' },
    },
  },
  // The shop's own contact, not a customer's.
  forgetCustomer: async () => {},
  forgetShop: async (db, shopId) => {
    await db
      .updateTable('shops')
      .set({ contact_email: '', contact_phone: '', settings_saved_by: '' })
      .where('id', '=', shopId)
      .execute();
  },
};
