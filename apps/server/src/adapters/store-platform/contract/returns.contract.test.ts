import { describe, expect, it } from 'vitest';
import type { PlatformOrder, ReturnDecision, StorePlatform } from '../port.js';
import { order } from './fixtures.js';
import { adapters, forEachTest, type Scope } from './harness.js';

/** The store-platform contract (harness.ts): registering returns where the platform keeps them. */
describe.each(adapters)('store platform: %s', (_name, open) => {
  let platform: StorePlatform;
  let shop: number;
  let lineOf: Scope['lineOf'];
  let placed: Scope['placed'];
  forEachTest(open, (scope) => ({ platform, shop, lineOf, placed } = scope));

  describe('returns', () => {
    const returnOf = (found: PlatformOrder, requestId: number, decision: ReturnDecision) => ({
      orderId: found.id,
      requestId,
      lines: [{ lineId: lineOf(found, '1001-1').id, quantity: 1, reason: "Doesn't suit me" }],
      decision,
    });

    it('keeps one return per request through its decisions, where the platform keeps returns', async () => {
      const found = await placed(order('1001'));
      const first = await platform.registerReturn(shop, returnOf(found, 7, 'requested'));
      expect(first === null ? 'none' : 'a reference').toBe(platform.keepsReturns ? 'a reference' : 'none');
      // A retry, then the merchant's approval, answer the same return.
      expect(await platform.registerReturn(shop, returnOf(found, 7, 'requested'))).toBe(first);
      expect(await platform.registerReturn(shop, returnOf(found, 7, 'approved'))).toBe(first);
      expect(await platform.registerReturn(shop, returnOf(found, 7, 'approved'))).toBe(first);
    });

    it('opens a return approved before it was registered, and registers none for a rejected one', async () => {
      const found = await placed(order('1001'));
      const approved = await platform.registerReturn(shop, returnOf(found, 8, 'approved'));
      expect(approved === null ? 'none' : 'a reference').toBe(platform.keepsReturns ? 'a reference' : 'none');
      expect(await platform.registerReturn(shop, returnOf(found, 9, 'rejected'))).toBeNull();
    });
  });
});
