import { retainRows, type TableOwner } from '../../db/ownership.js';

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
  // Mails sent before the shop's retention (mails of no shop, such as a console member's link, by the default's).
  retain: async (db, scope) => {
    const due = db
      .selectFrom('mails')
      .where((eb) => (scope.shopId === null ? eb('shop_id', 'is', null) : eb('shop_id', '=', scope.shopId)))
      .where('sent_at', '<', scope.before);
    const mails = await retainRows(
      'mails',
      scope,
      {
        count: () =>
          due
            .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('sent_at').as('oldest')])
            .executeTakeFirstOrThrow(),
        batch: (limit) => due.select(['id', 'sent_at as at']).orderBy('id').limit(limit).execute(),
      },
      (ids) =>
        db
          .deleteFrom('mails')
          .where('id', 'in', ids)
          .execute()
          .then(() => {}),
    );
    return [mails];
  },
} satisfies TableOwner;
