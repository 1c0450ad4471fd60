import type { TableOwner } from '../../db/ownership.js';

/** The dev mailbox's mails (SMTP keeps none): forgetting drops those to the customer, or all of the shop's. */
export const mailTables = {
  owner: 'adapters/mail',
  tables: {
    mails: {
      personal: {
        to_address: 'the recipient’s email',
        subject: 'free text, may name them',
        text_body: 'the mail, with their name, order and reasons',
        html_body: 'the same mail',
        attachments: 'files sent with it (a withdrawal acknowledgement names the consumer)',
      },
    },
  },
  forgetCustomer: async (db, { shopId, emails }) => {
    if (emails.length === 0) return;
    await db
      .deleteFrom('mails')
      .where('shop_id', '=', shopId)
      .where((eb) => eb(eb.fn('lower', ['to_address']), 'in', emails))
      .execute();
  },
  forgetShop: async (db, shopId) => {
    await db.deleteFrom('mails').where('shop_id', '=', shopId).execute();
  },
} satisfies TableOwner;
