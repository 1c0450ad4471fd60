import { RequestStatus } from '@return-center/contract';
import { isOpenRequest } from '@return-center/domain';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, type TestApp } from '../../test/helper.js';
import { LOCAL_PLATFORM_TABLES } from '../adapters/store-platform/tables.js';
import { isUniqueViolation } from './unique-violation.js';

/** The local store platform's tables: platform data, which our own tables must not depend on (issue #11). */
const PLATFORM_TABLES: readonly string[] = LOCAL_PLATFORM_TABLES;

describe.each(dialects)('our own tables on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect);
  });
  afterEach(() => t.close());

  it('hold no foreign key into the store platform’s tables', async () => {
    const references =
      dialect === 'postgres'
        ? (
            await sql<{ child: string; parent: string }>`select conrelid::regclass::text as child,
              confrelid::regclass::text as parent from pg_constraint
              where contype = 'f' and connamespace = current_schema()::regnamespace`.execute(t.db)
          ).rows
        : (
            await sql<{ child: string; parent: string }>`select m.name as child, f."table" as parent
              from sqlite_master m, pragma_foreign_key_list(m.name) f where m.type = 'table'`.execute(t.db)
          ).rows;
    expect(references.length).toBeGreaterThan(0);
    const intoPlatform = references.filter(
      (r) => !PLATFORM_TABLES.includes(r.child) && PLATFORM_TABLES.includes(r.parent),
    );
    expect(intoPlatform).toEqual([]);
  });

  it('allow one open request per order, at the database, whatever status the first one has', async () => {
    const shopId = (await t.db.selectFrom('shops').select('id').executeTakeFirstOrThrow()).id;
    let key = 0;
    const insert = (orderId: number, status: number) =>
      t.db
        .insertInto('return_requests')
        .values({
          shop_id: shopId,
          order_id: orderId,
          status,
          solution_id: 1,
          shipping_method_id: 2,
          refund: 0,
          currency: 'USD',
          language: 'en',
          idempotency_key: `index-test-${++key}`,
          order_name: '#X',
          order_number: 'X',
          customer_email: 'x@example.com',
          created_at: 0,
          updated_at: 0,
        })
        .execute();
    // Order ids no platform order has: our table needs none to hold the rule.
    for (const [index, status] of Object.values(RequestStatus).entries()) {
      const orderId = 9_000_000_000 + index;
      await insert(orderId, status);
      const second = await insert(orderId, RequestStatus.PendingReview).then(
        () => 'stored',
        (error: unknown) => (isUniqueViolation(error) ? 'refused' : error),
      );
      expect(second, `a second request beside one with status ${status}`).toBe(
        isOpenRequest(status) ? 'refused' : 'stored',
      );
    }
  });
});
