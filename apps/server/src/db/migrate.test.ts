import { calls, Code } from '@return-center/contract';
import { describe, expect, it } from 'vitest';
import { buildTestApp, dialects, shop } from '../../test/helper.js';

describe.each(dialects)('migrations on %s', (dialect) => {
  it('set up a second database beside a live one on the same server', async () => {
    // On PostgreSQL the second app lives in another schema of the same database, as a second deployment would.
    const first = await buildTestApp(dialect);
    try {
      const second = await buildTestApp(dialect);
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
