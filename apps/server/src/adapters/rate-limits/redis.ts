import { Redis } from 'ioredis';
import type { Clock } from '../../clock.js';
import { nowSeconds } from '../../clock.js';
import { LEASE_SECONDS, leaseOf, type Hit, type RateLimitStore, type Reserve } from './port.js';

/**
 * A bucket is a hash: `e` when its window ends (by the server's clock, passed in, so tests can move time) and `h` its
 * hits; Redis forgets a bucket after its window. Each script runs atomically: no other command runs in between.
 */
const COUNT = `
local function add(key, window, now)
  local ends = tonumber(redis.call('HGET', key, 'e'))
  if ends == nil or ends <= now then
    redis.call('HSET', key, 'e', now + window, 'h', 1)
    redis.call('EXPIRE', key, window)
  else
    redis.call('HINCRBY', key, 'h', 1)
  end
end
local function count(now)
  for i, key in ipairs(KEYS) do add(key, tonumber(ARGV[i + 1]), now) end
end
local function current(key, now)
  local ends = tonumber(redis.call('HGET', key, 'e'))
  if ends == nil or ends <= now then return 0 end
  return tonumber(redis.call('HGET', key, 'h'))
end`;

/** Counts every hit and answers each bucket's count. ARGV: now, then each key's window. */
const COUNT_HITS = `${COUNT}
local now = tonumber(ARGV[1])
count(now)
local counts = {}
for i, key in ipairs(KEYS) do counts[i] = current(key, now) end
return counts`;

/**
 * Reserves an attempt in each bucket's lease (KEYS: the buckets, then their leases) only if no bucket's hits plus
 * leased attempts would pass its max; 1 when it reserved. ARGV: now, the lease's seconds, then the maxes.
 */
const RESERVE = `${COUNT}
local now = tonumber(ARGV[1])
local n = #KEYS / 2
local wanted = {}
for i = 1, n do
  local key = KEYS[i]
  wanted[key] = (wanted[key] or current(key, now) + current(KEYS[n + i], now)) + 1
  if wanted[key] > tonumber(ARGV[2 + i]) then return 0 end
end
for i = 1, n do add(KEYS[n + i], tonumber(ARGV[2]), now) end
return 1`;

/** Takes one hit back from each bucket still in its window, never below 0. ARGV: now. */
const RELEASE = `${COUNT}
local now = tonumber(ARGV[1])
for i, key in ipairs(KEYS) do
  if current(key, now) > 0 then redis.call('HINCRBY', key, 'h', -1) end
end
return 1`;

/** Settles leased attempts as hits (KEYS: the buckets, then their leases). ARGV: now, then the buckets' windows. */
const COMMIT = `${COUNT}
local now = tonumber(ARGV[1])
local n = #KEYS / 2
for i = 1, n do
  local leased = KEYS[n + i]
  if current(leased, now) > 0 then redis.call('HINCRBY', leased, 'h', -1) end
  add(KEYS[i], tonumber(ARGV[1 + i]), now)
end
return 1`;

type Script = (keys: number, ...args: (string | number)[]) => Promise<unknown>;
type WithScripts = Redis & { countHits: Script; reserveHits: Script; releaseHits: Script; commitHits: Script };

/** Counters in Redis (REDIS_URL): shared by every instance without a write to the database per sign-in. */
export class RedisRateLimits implements RateLimitStore {
  private readonly redis: WithScripts;

  constructor(
    url: string,
    private readonly clock: Clock,
    private readonly prefix = 'return-center:rate:',
  ) {
    const redis = new Redis(url, { maxRetriesPerRequest: 2 });
    redis.defineCommand('countHits', { lua: COUNT_HITS });
    redis.defineCommand('reserveHits', { lua: RESERVE });
    redis.defineCommand('releaseHits', { lua: RELEASE });
    redis.defineCommand('commitHits', { lua: COMMIT });
    this.redis = redis as WithScripts;
  }

  async hit(hits: readonly Hit[]): Promise<number[]> {
    if (hits.length === 0) return [];
    return (await this.redis.countHits(hits.length, ...this.keys(hits), ...this.windows(hits))) as number[];
  }

  async reserve(hits: readonly Reserve[]): Promise<boolean> {
    if (hits.length === 0) return true;
    const keys = [...this.keys(hits), ...this.leaseKeys(hits)];
    const maxes = hits.map((h) => h.max);
    const now = nowSeconds(this.clock);
    return (await this.redis.reserveHits(keys.length, ...keys, now, LEASE_SECONDS, ...maxes)) === 1;
  }

  async release(hits: readonly Hit[]): Promise<void> {
    const leases = this.leaseKeys(hits);
    if (leases.length > 0) await this.redis.releaseHits(leases.length, ...leases, nowSeconds(this.clock));
  }

  async commit(hits: readonly Hit[]): Promise<void> {
    if (hits.length === 0) return;
    const keys = [...this.keys(hits), ...this.leaseKeys(hits)];
    await this.redis.commitHits(keys.length, ...keys, ...this.windows(hits));
  }

  async count(bucket: string): Promise<number> {
    const [ends, hits] = await this.redis.hmget(this.prefix + bucket, 'e', 'h');
    return Number(ends ?? 0) > nowSeconds(this.clock) ? Number(hits ?? 0) : 0;
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }

  private keys(hits: readonly Hit[]) {
    return hits.map((h) => this.prefix + h.bucket);
  }

  private leaseKeys(hits: readonly Hit[]) {
    return hits.map((h) => this.prefix + leaseOf(h.bucket));
  }

  /** The clock's now, then each hit's window: the arguments the scripts start with. */
  private windows(hits: readonly Hit[]) {
    return [nowSeconds(this.clock), ...hits.map((h) => h.windowSeconds)];
  }
}
