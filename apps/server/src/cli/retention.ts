/**
 * `npm run merchant -- retention --dry-run`: what the daily retention (ADR 050) would delete now, per shop and kind,
 * deleting nothing. An operator command like `shops`: it opens DATABASE_URL, so run it with the server's environment.
 */
import type { RetentionCount } from '@return-center/contract';
import { systemClock, type Clock } from '../clock.js';
import { loadConfig } from '../config.js';
import { createDb } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { MIGRATIONS } from '../migrations.js';
import { Privacy } from '../modules/privacy/privacy.service.js';
import { RetentionService } from '../modules/retention/retention.service.js';
import { ShopsRepository } from '../modules/storefront-config/shops.repository.js';
import { MODULE_TABLE_OWNERS, TABLE_OWNERS } from '../table-owners.js';

const day = (seconds: number | null) => (seconds === null ? '-' : new Date(seconds * 1000).toISOString().slice(0, 10));

function lines(shop: string, kinds: RetentionCount[]): string[] {
  return kinds.filter((k) => k.count > 0).map((k) => [shop, k.kind, String(k.count), day(k.oldest)].join('\t'));
}

export async function runRetentionCommand(
  dryRun: boolean,
  env: NodeJS.ProcessEnv,
  out: (line: string) => void,
  clock: Clock = systemClock,
): Promise<number> {
  if (!dryRun) {
    out('The server runs retention every day. To see what it would delete now: retention --dry-run');
    return 1;
  }
  const config = loadConfig(env);
  const { db, dialect } = createDb(config.DATABASE_URL);
  try {
    await migrate(db, dialect, MIGRATIONS);
    const retention = new RetentionService({
      db,
      clock,
      shops: new ShopsRepository(db, clock),
      owners: TABLE_OWNERS,
      // A dry run forgets nothing: no store is asked.
      privacy: new Privacy({ db, clock, owners: MODULE_TABLE_OWNERS, stores: [] }),
    });
    const report = await retention.dryRun();
    out('Dry run: nothing was deleted. What the daily retention would delete now:');
    out('shop\tkind\tcount\toldest');
    const rows = [
      ...report.shops.flatMap((shop) => lines(shop.shopUrl, shop.kinds)),
      ...lines('(no shop)', report.unowned),
    ];
    for (const row of rows) out(row);
    if (rows.length === 0) out('(nothing is past retention)');
    for (const shop of report.shops)
      out(`${shop.shopUrl}: ${String(shop.days)} days, requests closed before ${day(shop.closedBefore)}`);
    return 0;
  } finally {
    await db.destroy();
  }
}
