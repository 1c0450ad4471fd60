import type { Db } from '../../db/database.js';
import type { Outbox } from '../jobs/outbox.js';
import type { JobHandlers } from '../jobs/worker.js';
import type { RetentionService } from './retention.service.js';

/**
 * The daily retention (ADR 050): `retention.run` of a day queues one `retention.shop` per shop and deletes the
 * leftovers of no shop; a shop's job deletes a bounded part and queues the next part while more is due. Every step is
 * keyed by its day (and part), so instances that all schedule it run it once, and a second run finds nothing to do.
 */
export function retentionJobs(deps: {
  db: Db;
  outbox: Outbox;
  retention: RetentionService;
}): Pick<JobHandlers, 'retention.run' | 'retention.shop'> {
  const { db, outbox, retention } = deps;
  return {
    'retention.run': async ({ day }) => {
      for (const shopId of await retention.shopIds())
        await outbox.enqueue(db, 'retention.shop', { shopId, day, part: 1 }, shopKey(shopId, day, 1));
      await retention.runUnowned();
    },
    'retention.shop': async ({ shopId, day, part }) => {
      const { more } = await retention.runShop(shopId, day);
      if (more)
        await outbox.enqueue(db, 'retention.shop', { shopId, day, part: part + 1 }, shopKey(shopId, day, part + 1));
    },
  };
}

const shopKey = (shopId: number, day: string, part: number) => `retention:${String(shopId)}:${day}:${String(part)}`;

/** Queues today's run unless it is queued or done already (each instance calls it at start and every hour). */
export function scheduleRetention(db: Db, outbox: Outbox, retention: RetentionService): Promise<void> {
  const day = retention.today();
  return outbox.enqueue(db, 'retention.run', { day }, `retention:${day}`);
}
