import { describe, expect, it } from 'vitest';
import { withRetries, type GiveUp, type RetryPolicy } from './retry.js';

class Flaky extends Error {
  constructor(readonly waitMs?: number) {
    super('flaky');
  }
}
class RateLimit extends Error {
  constructor(readonly waitMs: number) {
    super('rate limited');
  }
}

/** A policy over a virtual clock: pauses are recorded and move the clock, and the deadline is read from it. */
function virtual(overrides: Partial<RetryPolicy> = {}, deadline?: number) {
  const pauses: number[] = [];
  let now = 0;
  const stops: GiveUp[] = [];
  const policy: RetryPolicy = {
    tries: 4,
    backoffMs: 100,
    retry: (error) => {
      if (error instanceof RateLimit) return { waitMs: error.waitMs, counts: false };
      return error instanceof Flaky ? { waitMs: error.waitMs } : undefined;
    },
    giveUp: (error, stop) => {
      stops.push(stop);
      return error;
    },
    sleep: (ms) => {
      pauses.push(ms);
      now += ms;
      return Promise.resolve();
    },
    ...(deadline === undefined ? {} : { msLeft: () => deadline - now }),
    ...overrides,
  };
  return { policy, pauses, stops };
}

/** A task that fails with these errors in turn, then answers 'done'. */
function failing(...errors: Error[]) {
  let calls = 0;
  return async (attempt: number) => {
    calls += 1;
    expect(attempt).toBe(calls);
    const error = errors.shift();
    if (error) throw error;
    return Promise.resolve('done');
  };
}

describe('withRetries', () => {
  it('tries again after a doubling backoff, or the wait the error asks for', async () => {
    const { policy, pauses } = virtual();
    expect(await withRetries(failing(new Flaky(), new Flaky(750), new Flaky()), policy)).toBe('done');
    expect(pauses).toEqual([100, 750, 400]);
  });

  it('gives up after its tries, saying how many failed', async () => {
    const { policy, pauses, stops } = virtual();
    const last = new Flaky();
    await expect(withRetries(failing(new Flaky(), new Flaky(), new Flaky(), last), policy)).rejects.toBe(last);
    expect(pauses).toEqual([100, 200, 400]);
    expect(stops).toEqual([{ reason: 'tries', failures: 4, waitMs: 800 }]);
  });

  it('gives up at once on an error that is final', async () => {
    const { policy, pauses, stops } = virtual();
    const final = new Error('refused');
    await expect(withRetries(failing(new Flaky(), final), policy)).rejects.toBe(final);
    expect(pauses).toEqual([100]);
    expect(stops).toEqual([{ reason: 'final', failures: 2, waitMs: 200 }]);
  });

  it('waits out a rate limit without counting it against the tries', async () => {
    const { policy, pauses } = virtual({ tries: 2 });
    const task = failing(new RateLimit(1000), new Flaky(), new RateLimit(2000), new RateLimit(1000));
    expect(await withRetries(task, policy)).toBe('done');
    expect(pauses).toEqual([1000, 100, 2000, 1000]);
  });

  it('takes no pause that would reach the deadline', async () => {
    const { policy, pauses, stops } = virtual({}, 1000);
    await expect(withRetries(failing(new Flaky(), new RateLimit(700), new Flaky()), policy)).rejects.toThrow('flaky');
    // 100 ms and 700 ms fit before the deadline; the next 200 ms would reach it.
    expect(pauses).toEqual([100, 700]);
    expect(stops).toEqual([{ reason: 'deadline', failures: 2, waitMs: 200 }]);
  });
});
