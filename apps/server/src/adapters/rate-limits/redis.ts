import { Redis } from 'ioredis';
import type { Clock } from '../../clock.js';
import { nowSeconds } from '../../clock.js';
import type { Hit, RateLimitStore, Reserve } from './port.js';

/**
 * A bucket is a hash: `e` when its window ends (by the server's clock, passed in, so tests can move time) and `h` its
 * hits; Redis forgets a bucket after its window. Each script runs atomically: no other command runs in between.
 */
const COUNT = `
local function count(now)
  for i, key in ipairs(KEYS) do
    local window = tonumber(ARGV[i + 1])
    local ends = tonumber(redis.call('HGET', key, 'e'))
    if ends == nil or ends <= now then
      redis.call('HSET', key, 'e', now + window, 'h', 1)
      redis.call('EXPIRE', key, window)
    else
      redis.call('HINCRBY', key, 'h', 1)
    end
  end
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

/** Counts every hit only if no bucket would pass its max; 1 when it counted. ARGV: now, windows, then maxes. */
const RESERVE = `${COUNT}
local now = tonumber(ARGV[1])
local wanted = {}
for i, key in ipairs(KEYS) do
  wanted[key] = (wanted[key] or current(key, now)) + 1
  if wanted[key] > tonumber(ARGV[#KEYS + i + 1]) then return 0 end
end
count(now)
return 1`;

/** Takes one hit back from each bucket still in its window, never below 0. ARGV: now. */
const RELEASE = `${COUNT}
local now = tonumber(ARGV[1])
for i, key in ipairs(KEYS) do
  if current(key, now) > 0 then redis.call('HINCRBY', key, 'h', -1) end
end
return 1`;

type Script = (keys: number, ...args: (string | number)[]) => Promise<unknown>;
type WithScripts = Redis & { countHits: Script; reserveHits: Script; releaseHits: Script };

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
    this.redis = redis as WithScripts;
  }

  async hit(hits: readonly Hit[]): Promise<number[]> {
    if (hits.length === 0) return [];
    return (await this.redis.countHits(hits.length, ...this.keys(hits), ...this.windows(hits))) as number[];
  }

  async reserve(hits: readonly Reserve[]): Promise<boolean> {
    if (hits.length === 0) return true;
    const maxes = hits.map((h) => h.max);
    return (await this.redis.reserveHits(hits.length, ...this.keys(hits), ...this.windows(hits), ...maxes)) === 1;
  }

  async release(hits: readonly Hit[]): Promise<void> {
    if (hits.length > 0) await this.redis.releaseHits(hits.length, ...this.keys(hits), nowSeconds(this.clock));
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

  /** The clock's now, then each hit's window: the arguments the scripts start with. */
  private windows(hits: readonly Hit[]) {
    return [nowSeconds(this.clock), ...hits.map((h) => h.windowSeconds)];
  }
}
