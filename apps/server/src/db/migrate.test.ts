import { calls, Code } from '@return-center/contract';
import { present } from '@return-center/domain';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildTestApp, dialects, shop } from '../../test/helper.js';
import { throwawaySchema } from '../../test/schema-pool.js';

describe.each(dialects)('migrations on %s', (dialect) => {
  it('set up a second database beside a live one on the same server', async () => {
    // On PostgreSQL the second app lives in another schema of the same database, as a second deployment would.
    const first = await buildTestApp(dialect, {}, {}, { fresh: true });
    try {
      const second = await buildTestApp(dialect, {}, {}, { fresh: true });
      try {
        const login = { email: 'alice@example.com', order_number: '#1001', shop_url: shop };
        expect((await second.call(calls.login, login)).body.code).toBe(Code.Success);
        expect((await first.call(calls.login, login)).body.code).toBe(Code.Success);
      } finally {
        await second.close();
      }
    } finally {
      await first.close();
    }
  });
});

describe.runIf(dialects.includes('postgres'))('migrations on postgres beside schemas that come and go', () => {
  it('set up a database while other schemas of the server are dropped, as tests and tenants running beside do', async () => {
    const url = present(process.env.TEST_DATABASE_URL, 'TEST_DATABASE_URL');
    const churning = { on: true };
    // Kysely's own introspection read every schema's tables by name, and failed when one vanished meanwhile.
    const churn = (async () => {
      while (churning.on) {
        const other = await throwawaySchema(url, 'churn_');
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query(`create table ${other.name}.t (id serial primary key, a int, b int, c int)`);
        await client.end();
        await other.drop();
      }
    })();
    try {
      for (let i = 0; i < 2; i += 1) {
        const t = await buildTestApp('postgres', {}, {}, { fresh: true });
        await t.close();
      }
    } finally {
      churning.on = false;
      await churn;
    }
  }, 60_000);
});
