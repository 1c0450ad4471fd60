import { present } from '@return-center/domain';
import { describe, expect, it } from 'vitest';
import { BoundedQueue, QueueFull } from './bounded-queue.js';

describe('bounded queue', () => {
  it('runs at most its slots at once, queues a few more, and refuses the rest at once', async () => {
    const queue = new BoundedQueue(2, 2);
    let active = 0;
    let peak = 0;
    const gates: (() => void)[] = [];
    const job = () =>
      queue.run(async () => {
        active += 1;
        peak = Math.max(peak, active);
        await new Promise<void>((resolve) => gates.push(resolve));
        active -= 1;
        return 'done';
      });
    const accepted = [job(), job(), job(), job()];
    await expect(job()).rejects.toBeInstanceOf(QueueFull);
    while (gates.length < 2) await new Promise((resolve) => setImmediate(resolve));
    expect(active).toBe(2);
    // As work finishes, the queued jobs run, still never more than two at a time.
    for (let finished = 0; finished < 4; finished++) {
      while (gates.length === 0) await new Promise((resolve) => setImmediate(resolve));
      present(gates.shift(), 'an open gate')();
    }
    expect(await Promise.all(accepted)).toEqual(['done', 'done', 'done', 'done']);
    expect(peak).toBe(2);
    // Once drained, it accepts work again.
    const again = job();
    while (gates.length === 0) await new Promise((resolve) => setImmediate(resolve));
    present(gates.shift(), 'an open gate')();
    expect(await again).toBe('done');
  });

  it('frees the slot when the work fails', async () => {
    const queue = new BoundedQueue(1, 0);
    await expect(queue.run(() => Promise.reject(new Error('bad image')))).rejects.toThrow('bad image');
    expect(await queue.run(() => Promise.resolve(1))).toBe(1);
  });
});
