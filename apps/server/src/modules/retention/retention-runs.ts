import { RETENTION_KINDS, retentionCount, type RetentionCount, type RetentionReport } from '@return-center/contract';
import { z } from 'zod';
import type { Db } from '../../db/database.js';

/** Counts of several passes added up by kind, in RETENTION_KINDS' order, the oldest time kept. */
export function mergedCounts(passes: RetentionCount[][]): RetentionCount[] {
  return RETENTION_KINDS.map((kind) => {
    const ofKind = passes.flat().filter((count) => count.kind === kind);
    const times = ofKind.map((count) => count.oldest).filter((time) => time !== null);
    return {
      kind,
      count: ofKind.reduce((sum, count) => sum + count.count, 0),
      oldest: times.length ? Math.min(...times) : null,
    };
  });
}

const storedCounts = z.array(retentionCount);

/** The shops' retention runs, one row a day per shop, its parts' counts added up. */
export class RetentionRuns {
  constructor(private readonly db: Db) {}

  async add(run: {
    shopId: number;
    day: string;
    days: number;
    closedBefore: number;
    at: number;
    kinds: RetentionCount[];
    more: boolean;
  }): Promise<void> {
    const row = await this.db
      .selectFrom('retention_runs')
      .select(['id', 'report'])
      .where('shop_id', '=', run.shopId)
      .where('day', '=', run.day)
      .executeTakeFirst();
    const finishedAt = run.more ? null : run.at;
    if (!row) {
      await this.db
        .insertInto('retention_runs')
        .values({
          shop_id: run.shopId,
          day: run.day,
          days: run.days,
          closed_before: run.closedBefore,
          ran_at: run.at,
          finished_at: finishedAt,
          report: JSON.stringify(run.kinds),
        })
        .execute();
      return;
    }
    const kinds = mergedCounts([storedCounts.parse(JSON.parse(row.report)), run.kinds]);
    await this.db
      .updateTable('retention_runs')
      .set({ finished_at: finishedAt, report: JSON.stringify(kinds) })
      .where('id', '=', row.id)
      .execute();
  }

  async last(shopId: number): Promise<RetentionReport | null> {
    const row = await this.db
      .selectFrom('retention_runs')
      .selectAll()
      .where('shop_id', '=', shopId)
      .orderBy('ran_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!row) return null;
    return {
      ran_at: row.ran_at,
      finished_at: row.finished_at,
      days: row.days,
      closed_before: row.closed_before,
      kinds: storedCounts.parse(JSON.parse(row.report)),
    };
  }
}
