import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canAddTracking, isOpenRequest, nextStatus, REQUEST_ACTIONS, type RequestAction } from './request-lifecycle.js';

/** A reference model written as the issue states it, to check the implementation against. */
const model = {
  allowed(status: string, action: RequestAction, keepsItem: boolean): string | null {
    const table: Record<string, Partial<Record<RequestAction, string>>> = {
      pending: { approve: 'approved', reject: 'rejected' },
      approved: keepsItem ? { refund: 'completed', resolve: 'completed' } : { receive: 'received' },
      received: { reject: 'rejected', refund: 'completed', resolve: 'completed' },
      rejected: {},
      completed: {},
    };
    return table[status]?.[action] ?? null;
  },
};
const codes: Record<string, number> = { pending: 1, approved: 2, rejected: 3, completed: 4, received: 5 };

describe('request lifecycle', () => {
  it('follows the model over any sequence of actions, refusing every illegal one', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.array(fc.constantFrom(...REQUEST_ACTIONS), { maxLength: 12 }),
        (keepsItem, actions) => {
          let modelStatus = 'pending';
          let status = 1;
          for (const action of actions) {
            const expected = model.allowed(modelStatus, action, keepsItem);
            const actual = nextStatus({ status, shippingMethodId: keepsItem ? 3 : 2 }, action);
            expect(actual).toBe(expected === null ? null : codes[expected]);
            if (expected !== null && actual !== null) {
              modelStatus = expected;
              status = actual;
            }
          }
          // Terminal states accept nothing.
          if (modelStatus === 'rejected' || modelStatus === 'completed') {
            for (const action of REQUEST_ACTIONS)
              expect(nextStatus({ status, shippingMethodId: 2 }, action)).toBeNull();
          }
        },
      ),
    );
  });

  it('keeps a request open until it is rejected or completed', () => {
    expect([1, 2, 3, 4, 5].filter(isOpenRequest)).toEqual([1, 2, 5]);
  });

  it('lets tracking be added only to an approved request whose item travels back', () => {
    expect(canAddTracking({ status: 2, shippingMethodId: 1 })).toBe(true);
    expect(canAddTracking({ status: 2, shippingMethodId: 2 })).toBe(true);
    expect(canAddTracking({ status: 2, shippingMethodId: 3 })).toBe(false);
    for (const status of [1, 3, 4, 5]) expect(canAddTracking({ status, shippingMethodId: 2 })).toBe(false);
  });
});
