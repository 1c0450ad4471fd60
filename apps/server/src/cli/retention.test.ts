import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MERCHANT_BASE } from '@return-center/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, START, submitReturn } from '../../test/helper.js';
import { fixedClock } from '../clock.js';
import { createDb } from '../db/database.js';
import { runMerchantCli } from './merchant.js';
import { runRetentionCommand } from './retention.js';

describe('retention --dry-run', () => {
  const dir = mkdtempSync(join(tmpdir(), 'retention-cli-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('prints what would be deleted per shop and kind, with the oldest date, and deletes nothing', async () => {
    const file = join(dir, 'return-center.sqlite');
    const database = createDb(`sqlite:${file}`);
    const t = await buildTestApp('sqlite', { UPLOAD_DIR: join(dir, 'uploads') }, { database });
    const env = { DATABASE_URL: `sqlite:${file}` };
    try {
      const { requestId } = await submitReturn(t);
      const rejected = await t.app.inject({
        method: 'POST',
        url: `${MERCHANT_BASE}/requests/${String(requestId)}/reject`,
        payload: { reason: 'Worn' },
        headers: { authorization: 'Bearer demo-merchant-key' },
      });
      expect(rejected.statusCode).toBe(200);
      await t.app.ctx.worker.runDue();
      const lines: string[] = [];
      const later = fixedClock(START + 400 * 86_400_000);
      expect(await runRetentionCommand(true, env, (line) => lines.push(line), later)).toBe(0);
      const closedOn = new Date(START).toISOString().slice(0, 10);
      expect(lines).toContain(`demo-shop.myshopify.com\trequests\t1\t${closedOn}`);
      expect(lines.join('\n')).toMatch(/^demo-shop\.myshopify\.com\tmails\t\d+\t/m);
      expect(lines.join('\n')).toContain('nothing was deleted');
      const kept = await t.db
        .selectFrom('return_requests')
        .select(['customer_email', 'forgotten_at'])
        .where('id', '=', requestId)
        .executeTakeFirstOrThrow();
      expect(kept).toEqual({ customer_email: 'alice@example.com', forgotten_at: null });
      expect(await t.db.selectFrom('mails').select('id').execute()).not.toHaveLength(0);

      const refused: string[] = [];
      expect(await runMerchantCli(['retention'], env, (line) => refused.push(line))).toBe(1);
      expect(refused.join('\n')).toContain('--dry-run');
    } finally {
      await t.close();
      await database.db.destroy();
    }
  });
});
