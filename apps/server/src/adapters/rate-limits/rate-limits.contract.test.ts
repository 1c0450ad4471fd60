import { randomBytes } from 'node:crypto';
import { present } from '@return-center/domain';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, START, testRedisUrl } from '../../../test/helper.js';
import { throwawaySchema } from '../../../test/schema-pool.js';
import { fixedClock } from '../../clock.js';
import { createDb } from '../../db/database.js';
import { migrate } from '../../db/migrate.js';
import { MIGRATIONS } from '../../migrations.js';
import { DatabaseRateLimits } from './database.js';
import { LEASE_SECONDS, type RateLimitStore } from './port.js';
import { RedisRateLimits } from './redis.js';

type Opened = { store: RateLimitStore; clock: ReturnType<typeof fixedClock>; close: () => Promise<void> };

async function openDatabase(dialect: (typeof dialects)[number]): Promise<Opened> {
  const clock = fixedClock(START);
  let drop = async () => {};
  let database;
  if (dialect === 'postgres') {
    const url = present(process.env.TEST_DATABASE_URL, 'TEST_DATABASE_URL');
    const schema = await throwawaySchema(url, 'rate_');
    database = createDb(url, { searchPath: schema.name });
    drop = schema.drop;
  } else database = createDb('sqlite::memory:');
  await migrate(database.db, database.dialect, MIGRATIONS);
  return {
    store: new DatabaseRateLimits(database.db, clock),
    clock,
    close: async () => {
      await database.db.destroy();
      await drop();
    },
  };
}

/** Each run counts under its own key prefix, and removes its keys after. */
function openRedis(url: string): Opened {
  const clock = fixedClock(START);
  const prefix = `return-center-test:${randomBytes(6).toString('hex')}:`;
  const store = new RedisRateLimits(url, clock, prefix);
  return {
    store,
    clock,
    close: async () => {
      await store.close();
      const admin = new Redis(url);
      const keys = await admin.keys(`${prefix}*`);
      if (keys.length > 0) await admin.del(...keys);
      await admin.quit();
    },
  };
}

const redisStore = (url: string): [string, () => Promise<Opened>] => ['redis', () => Promise.resolve(openRedis(url))];

const redisUrl = testRedisUrl('the Redis rate-limit store is');

/** What every rate-limit store must do; each runs this same file. Redis runs when TEST_REDIS_URL is set. */
const stores: [string, () => Promise<Opened>][] = [
  ...dialects.map((dialect): [string, () => Promise<Opened>] => [`database (${dialect})`, () => openDatabase(dialect)]),
  ...(redisUrl ? [redisStore(redisUrl)] : []),
];

describe.each(stores)('rate-limit store: %s', (_name, open) => {
  let opened: Opened;
  beforeAll(async () => {
    opened = await open();
  });
  afterAll(() => opened.close());

  it('counts hits per bucket, every bucket of one call at once', async () => {
    const { store } = opened;
    expect(await store.hit([{ bucket: 'a', windowSeconds: 60 }])).toEqual([1]);
    expect(
      await store.hit([
        { bucket: 'a', windowSeconds: 60 },
        { bucket: 'b', windowSeconds: 900 },
      ]),
    ).toEqual([2, 1]);
    expect(await store.count('a')).toBe(2);
    expect(await store.count('b')).toBe(1);
    expect(await store.count('never-hit')).toBe(0);
  });

  it('counts a bucket named twice in one call twice', async () => {
    expect(
      await opened.store.hit([
        { bucket: 'twice', windowSeconds: 60 },
        { bucket: 'twice', windowSeconds: 60 },
      ]),
    ).toEqual([2, 2]);
  });

  it('starts a new window after each bucket’s own window ends', async () => {
    const { store, clock } = opened;
    await store.hit([
      { bucket: 'short', windowSeconds: 60 },
      { bucket: 'long', windowSeconds: 900 },
    ]);
    await store.hit([
      { bucket: 'short', windowSeconds: 60 },
      { bucket: 'long', windowSeconds: 900 },
    ]);
    clock.advance(59_000);
    expect(await store.count('short')).toBe(2);
    clock.advance(1_000);
    expect(await store.count('short')).toBe(0);
    expect(await store.count('long')).toBe(2);
    expect(
      await store.hit([
        { bucket: 'short', windowSeconds: 60 },
        { bucket: 'long', windowSeconds: 900 },
      ]),
    ).toEqual([1, 3]);
  });

  it('loses no hit when many arrive at once', async () => {
    const { store } = opened;
    await Promise.all(Array.from({ length: 40 }, () => store.hit([{ bucket: 'burst', windowSeconds: 60 }])));
    expect(await store.count('burst')).toBe(40);
  });

  it('grants at most the limit of 200 concurrent reservations; a failed one counts, a passed one gives its place back', async () => {
    const { store } = opened;
    const one = { bucket: 'reserved', windowSeconds: 900, max: 10 };
    const granted = await Promise.all(Array.from({ length: 200 }, () => store.reserve([one])));
    expect(granted.filter(Boolean)).toHaveLength(10);
    // Reserved is not counted yet: only a settled failure is a hit.
    expect(await store.count('reserved')).toBe(0);
    await store.release([one]);
    expect(await store.reserve([one])).toBe(true);
    expect(await store.reserve([one])).toBe(false);
    await Promise.all(Array.from({ length: 10 }, () => store.commit([one])));
    expect(await store.count('reserved')).toBe(10);
    expect(await store.reserve([one])).toBe(false);
  });

  it('counts hits and reservations together against the limit', async () => {
    const { store } = opened;
    const one = { bucket: 'mixed', windowSeconds: 900, max: 3 };
    await store.hit([one, one]);
    expect(await store.reserve([one])).toBe(true);
    expect(await store.reserve([one])).toBe(false);
    await store.release([one]);
    expect(await store.reserve([one])).toBe(true);
  });

  it('gives back the places of reservations never settled (a process that died) after the lease', async () => {
    const { store, clock } = opened;
    const one = { bucket: 'orphaned', windowSeconds: 900, max: 5 };
    for (let i = 0; i < 5; i += 1) expect(await store.reserve([one])).toBe(true);
    expect(await store.reserve([one])).toBe(false);
    clock.advance((LEASE_SECONDS - 1) * 1000);
    expect(await store.reserve([one])).toBe(false);
    clock.advance(1000);
    expect(await store.reserve([one])).toBe(true);
    // Settled failures stay for their whole window.
    await store.commit([one]);
    clock.advance(LEASE_SECONDS * 1000);
    expect(await store.count('orphaned')).toBe(1);
  });

  it('reserves in every bucket or in none', async () => {
    const { store, clock } = opened;
    const roomy = { bucket: 'roomy', windowSeconds: 60, max: 5 };
    const tight = { bucket: 'tight', windowSeconds: 60, max: 1 };
    expect(await store.reserve([roomy, tight])).toBe(true);
    expect(await store.reserve([roomy, tight])).toBe(false);
    // The refused reservation took no place in either bucket.
    await store.commit([roomy, tight]);
    expect(await store.count('roomy')).toBe(1);
    expect(await store.count('tight')).toBe(1);
    // A bucket named twice needs room for two.
    expect(await store.reserve([roomy, roomy, roomy, roomy, roomy])).toBe(false);
    expect(await store.reserve([roomy, roomy, roomy, roomy])).toBe(true);
    await store.commit([roomy, roomy, roomy, roomy]);
    expect(await store.count('roomy')).toBe(5);
    clock.advance(60_000);
    // A new window; releasing never goes below zero.
    await store.release([tight, tight]);
    expect(await store.count('tight')).toBe(0);
    expect(await store.reserve([roomy, tight])).toBe(true);
  });
});
