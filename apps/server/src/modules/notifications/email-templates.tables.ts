import type { TableOwner } from '../../db/ownership.js';

/** The shops' own email templates: the merchant's words, and which staff member saved them. */
export const emailTemplatesTables: TableOwner = {
  owner: 'modules/notifications',
  tables: {
    email_templates: {
      personal: { saved_by: 'the email of the staff member who saved the template' },
      notPersonal: {
        subject: "the merchant's template, with variables, never a shopper's values",
        body: "the merchant's template, with variables, never a shopper's values",
      },
    },
  },
  // A staff member's email, never a shopper's: nothing of a customer is kept.
  forgetCustomer: async () => {},
  forgetShop: async (db, shopId) => {
    await db.deleteFrom('email_templates').where('shop_id', '=', shopId).execute();
  },
};
