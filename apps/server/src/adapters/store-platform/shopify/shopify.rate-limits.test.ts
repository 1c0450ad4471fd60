import { present } from '@return-center/domain';
import { describe, expect, it } from 'vitest';
import type { ShopifyCall } from '../../../../test/fakes/shopify-admin-execute.js';
import type { FakeShopifyAdmin } from '../../../../test/fakes/shopify-admin-server.js';
import { withFakeShopify, refund, START } from './test-support.js';

/** What the adapter spends of Shopify's bucket: throttling and 429s waited out, points never overspent, orders cached briefly. */
describe('Shopify adapter against its fake Admin API, when things go wrong', () => {
  let fake: FakeShopifyAdmin;
  let orderId: number;
  const { clock, start, platform, calls } = withFakeShopify((scene) => ({ fake, orderId } = scene));

  it('waits out THROTTLED by what the throttle status says, then sends again', async () => {
    await fake.close();
    // The bucket holds an order search (812 points asked) only while nothing else was kept from it.
    await start({ maximumAvailable: 820, restoreRate: 50 }, true);
    const p = platform();
    await p.getOrder(1, orderId);
    // The adapter has not seen an order search cost yet: its guess is short, and Shopify throttles.
    expect(await p.findOrderByNumber(1, '1001')).toMatchObject({ id: orderId });
    const [first, second] = calls('Orders');
    expect([first?.outcome, second?.outcome]).toEqual(['throttled', 'answered']);
    const left = 820 - (present(calls('Order')[0], 'order read').actualCost ?? 0);
    const wait = Math.ceil(((present(first, 'first').cost - left) * 1000) / 50);
    expect(present(second, 'second').at - present(first, 'first').at).toBe(wait);

    fake.faults.throttle = 2;
    await p.getOrder(1, orderId);
    expect(calls('Order').map((c) => c.outcome)).toEqual(['answered', 'throttled', 'throttled', 'answered']);
  });

  it('waits out a 429 for its Retry-After', async () => {
    await fake.close();
    await start(undefined, true);
    fake.faults.tooMany = { count: 2, retryAfter: '2.0' };
    await platform().getOrder(1, orderId);
    const at = calls('Order').map((c) => c.at);
    expect(calls('Order').map((c) => c.outcome)).toEqual(['throttled', 'throttled', 'answered']);
    expect([(at[1] ?? 0) - (at[0] ?? 0), (at[2] ?? 0) - (at[1] ?? 0)]).toEqual([2000, 2000]);
  });

  it('waits for the points the last throttle status says are missing, and so is never throttled', async () => {
    await fake.close();
    // A bucket of 280 points holds what a read of an order asks (about 270), but not once a read kept its part.
    await start({ maximumAvailable: 280, restoreRate: 50 }, true);
    const p = platform();
    for (let i = 0; i < 4; i++) await p.getOrder(1, orderId);
    const reads = calls('Order');
    expect(reads.map((c) => c.outcome)).toEqual(['answered', 'answered', 'answered', 'answered']);
    // A read asks c and keeps k: the second waits for what the first left short, the others for what one kept.
    const c = present(reads[0], 'a read').cost;
    const k = present(reads[0], 'a read').actualCost ?? 0;
    expect(k).toBeLessThan(c);
    expect(280 - k).toBeLessThan(c);
    const first = Math.ceil(((c - (280 - k)) * 1000) / 50);
    const each = Math.ceil((k * 1000) / 50);
    expect(reads.map((r) => r.at - START)).toEqual([0, first, first + each, first + 2 * each]);
  });

  it('never spends points faster than the restore rate, with many calls at once', async () => {
    await fake.close();
    const limits = { maximumAvailable: 40, restoreRate: 200 };
    await start(limits);
    const p = platform();
    const began = Date.now();
    const answers = await Promise.all(Array.from({ length: 12 }, () => p.hasCustomer(1, 'alice@example.com')));
    expect(answers.every(Boolean)).toBe(true);
    const sent = calls('OrderIds');
    expect(sent.filter((c) => c.outcome !== 'answered')).toEqual([]);
    // Over any stretch of the log, what Shopify kept fits in a full bucket plus what was restored meanwhile.
    for (let i = 0; i < sent.length; i++)
      for (let j = i; j < sent.length; j++) {
        const spent = sent.slice(i, j + 1).reduce((sum: number, c: ShopifyCall) => sum + (c.actualCost ?? 0), 0);
        const restored = ((present(sent[j], 'to').at - present(sent[i], 'from').at) * limits.restoreRate) / 1000;
        expect(spent).toBeLessThanOrEqual(limits.maximumAvailable + restored);
      }
    const kept = sent.reduce((sum: number, c: ShopifyCall) => sum + (c.actualCost ?? 0), 0);
    expect(Date.now() - began).toBeGreaterThanOrEqual(
      ((kept - limits.maximumAvailable) * 1000) / limits.restoreRate - 50,
    );
  });

  it('reads an order through a short cache that a webhook or a refund empties', async () => {
    await fake.close();
    await start({ maximumAvailable: 100_000, restoreRate: 100_000 });
    const p = platform({ orderCacheMs: 5000 });
    await p.getOrder(1, orderId);
    await p.getOrder(1, orderId);
    expect(calls('Order')).toHaveLength(1);
    p.forgetOrder(1, orderId);
    await p.getOrder(1, orderId);
    expect(calls('Order')).toHaveLength(2);
    clock.advance(5000);
    await p.getOrder(1, orderId);
    expect(calls('Order')).toHaveLength(3);
    await p.issueRefund({ ...refund, orderId, amount: 100 });
    await p.getOrder(1, orderId);
    expect(calls('Order')).toHaveLength(4);
  });
});
