import { Redis } from 'ioredis';
import type { Clock } from '../../clock.js';
import { nowSeconds } from '../../clock.js';
import type { Hit, RateLimitStore } from './port.js';

/**
 * Counts every hit of one call in one round trip, atomically. A bucket is a hash: `e` when its window ends (by the
 * server's clock, passed in, so tests can move time) and `h` its hits. Redis forgets a bucket after its window.
 */
const COUNT_HITS = `
local now = tonumber(ARGV[1])
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
local counts = {}
for i, key in ipairs(KEYS) do
  counts[i] = tonumber(redis.call('HGET', key, 'h'))
end
return counts`;

type WithCountHits = Redis & { countHits(keys: number, ...args: (string | number)[]): Promise<number[]> };

/** Counters in Redis (REDIS_URL): shared by every instance without a write to the database per sign-in. */
export class RedisRateLimits implements RateLimitStore {
  private readonly redis: WithCountHits;

  constructor(
    url: string,
    private readonly clock: Clock,
    private readonly prefix = 'return-center:rate:',
  ) {
    const redis = new Redis(url, { maxRetriesPerRequest: 2 });
    redis.defineCommand('countHits', { lua: COUNT_HITS });
    this.redis = redis as WithCountHits;
  }

  hit(hits: readonly Hit[]): Promise<number[]> {
    if (hits.length === 0) return Promise.resolve([]);
    return this.redis.countHits(
      hits.length,
      ...hits.map((h) => this.prefix + h.bucket),
      nowSeconds(this.clock),
      ...hits.map((h) => h.windowSeconds),
    );
  }

  async count(bucket: string): Promise<number> {
    const [ends, hits] = await this.redis.hmget(this.prefix + bucket, 'e', 'h');
    return Number(ends ?? 0) > nowSeconds(this.clock) ? Number(hits ?? 0) : 0;
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}
