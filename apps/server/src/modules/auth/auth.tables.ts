import { retainRows, type RetentionScope, type TableOwner } from '../../db/ownership.js';
import type { Db } from '../../db/database.js';

/** Shoppers' sign-ins: forgetting a customer ends their sessions and drops their codes. */
export const authTables: TableOwner = {
  owner: 'modules/auth',
  tables: {
    sessions: { personal: { email: 'the shopper’s email' } },
    verification_codes: { personal: { email: 'the shopper’s email' } },
  },
  forgetCustomer: async (db, { shopId, emails }) => {
    if (emails.length === 0) return;
    await db
      .deleteFrom('sessions')
      .where('shop_id', '=', shopId)
      .where((eb) => eb(eb.fn('lower', ['email']), 'in', emails))
      .execute();
    await db
      .deleteFrom('verification_codes')
      .where('shop_id', '=', shopId)
      .where((eb) => eb(eb.fn('lower', ['email']), 'in', emails))
      .execute();
  },
  forgetShop: async (db, shopId) => {
    await db.deleteFrom('sessions').where('shop_id', '=', shopId).execute();
    await db.deleteFrom('verification_codes').where('shop_id', '=', shopId).execute();
  },
  // Sessions and codes that expired long ago serve nobody and still hold an email.
  retain: async (db, scope) => (scope.shopId === null ? [] : [await oldSessions(db, scope), await oldCodes(db, scope)]),
};

function oldSessions(db: Db, scope: RetentionScope) {
  const due = db
    .selectFrom('sessions')
    .where('shop_id', '=', scope.shopId ?? 0)
    .where('expires_at', '<', scope.expiredBefore);
  return retainRows(
    'sessions',
    scope,
    {
      count: () =>
        due
          .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('created_at').as('oldest')])
          .executeTakeFirstOrThrow(),
      batch: (limit) => due.select(['token_hash as id', 'created_at as at']).limit(limit).execute(),
    },
    (hashes) =>
      db
        .deleteFrom('sessions')
        .where('token_hash', 'in', hashes)
        .execute()
        .then(() => {}),
  );
}

function oldCodes(db: Db, scope: RetentionScope) {
  const due = db
    .selectFrom('verification_codes')
    .where('shop_id', '=', scope.shopId ?? 0)
    .where('expires_at', '<', scope.expiredBefore);
  return retainRows(
    'verification_codes',
    scope,
    {
      count: () =>
        due
          .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('created_at').as('oldest')])
          .executeTakeFirstOrThrow(),
      batch: (limit) => due.select(['id', 'created_at as at']).orderBy('id').limit(limit).execute(),
    },
    (ids) =>
      db
        .deleteFrom('verification_codes')
        .where('id', 'in', ids)
        .execute()
        .then(() => {}),
  );
}
