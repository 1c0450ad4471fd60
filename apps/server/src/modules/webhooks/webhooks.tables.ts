import type { Db } from '../../db/database.js';
import { retained, retainRows, type RetentionScope, type TableOwner } from '../../db/ownership.js';

async function forgetEvents(db: Db, eventIds: number[]): Promise<void> {
  if (eventIds.length === 0) return;
  await db.deleteFrom('webhook_deliveries').where('event_id', 'in', eventIds).execute();
  await db.deleteFrom('webhook_events').where('id', 'in', eventIds).execute();
}

/** Outbound webhooks: endpoints, events (a request's events name its shopper) and their deliveries. */
export const webhooksTables: TableOwner = {
  owner: 'modules/webhooks',
  tables: {
    webhook_endpoints: {
      personal: { description: "the merchant's own note on the endpoint" },
      notPersonal: {
        url: "the merchant's receiving system",
        secret: 'a signing key, no person',
        disabled_reason: 'when and why the server turned it off',
      },
    },
    webhook_events: {
      personal: { payload: "the request as sent: the shopper's email, address and items" },
      notPersonal: { event_key: 'what caused the event: a request id and a moment' },
    },
    webhook_deliveries: { personal: { response_body: "the start of the receiver's answer, as it wrote it" } },
  },
  forgetCustomer: async (db, customer) => {
    if (customer.requestIds.length === 0) return;
    const events = await db
      .selectFrom('webhook_events')
      .select('id')
      .where('shop_id', '=', customer.shopId)
      .where('request_id', 'in', customer.requestIds)
      .execute();
    await forgetEvents(
      db,
      events.map((event) => event.id),
    );
  },
  forgetShop: async (db, shopId) => {
    const endpoints = db.selectFrom('webhook_endpoints').select('id').where('shop_id', '=', shopId);
    await db.deleteFrom('webhook_deliveries').where('endpoint_id', 'in', endpoints).execute();
    await db.deleteFrom('webhook_events').where('shop_id', '=', shopId).execute();
    await db.deleteFrom('webhook_endpoints').where('shop_id', '=', shopId).execute();
  },
  // Events (the request as it was, for the feed and the receivers) and their deliveries, past the shop's retention.
  retain: async (db, scope) => (scope.shopId === null ? [] : oldEvents(db, scope)),
};

async function oldEvents(db: Db, scope: RetentionScope) {
  const due = db
    .selectFrom('webhook_events')
    .where('shop_id', '=', scope.shopId ?? 0)
    .where('created_at', '<', scope.before);
  const deliveries = db
    .selectFrom('webhook_deliveries')
    .where('event_id', 'in', due.select('id'))
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      eb.fn.min<number | null>('webhook_deliveries.created_at').as('oldest'),
    ]);
  let deleted = { count: 0, oldest: null as number | null };
  const events = await retainRows(
    'webhook_events',
    scope,
    {
      count: () =>
        due
          .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('created_at').as('oldest')])
          .executeTakeFirstOrThrow(),
      batch: (limit) => due.select(['id', 'created_at as at']).orderBy('id').limit(limit).execute(),
    },
    async (ids) => {
      const counted = await deliveries.where('event_id', 'in', ids).executeTakeFirstOrThrow();
      deleted = counted;
      await forgetEvents(db, ids);
    },
  );
  const delivered = scope.dryRun ? await deliveries.executeTakeFirstOrThrow() : deleted;
  return [events, retained('webhook_deliveries', delivered)];
}
