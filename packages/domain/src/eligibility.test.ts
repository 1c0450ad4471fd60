import { describe, expect, it } from 'vitest';
import { lineEligibility } from './eligibility.js';

const now = 1_800_000_000;
const day = 86400;
const line = { quantity: 2, refundedQuantity: 0, requestedQuantity: 0, completedQuantity: 0 };
const policy = { windowDays: 30, denied: false };
const order = { createdAt: now - 6 * day, refunded: false };

describe('lineEligibility', () => {
  it('gives each of the four non-returnable reasons from order facts', () => {
    expect(lineEligibility(order, line, policy, now)).toEqual({ reason: null, refundable: 2 });
    expect(lineEligibility({ ...order, createdAt: now - 45 * day }, line, policy, now).reason).toBe('missed_window');
    expect(lineEligibility({ ...order, refunded: true }, line, policy, now).reason).toBe('refunded_at_platform');
    expect(lineEligibility(order, { ...line, requestedQuantity: 2 }, policy, now).reason).toBe('processed_by_app');
    expect(lineEligibility(order, line, { ...policy, denied: true }, now).reason).toBe('other');
  });

  it('keeps the unrequested rest of a line returnable', () => {
    expect(lineEligibility(order, { ...line, requestedQuantity: 1 }, policy, now)).toEqual({
      reason: null,
      refundable: 1,
    });
  });

  it("counts a completed return's units once when the platform's refunds show them too", () => {
    const three = { ...line, quantity: 3 };
    // One sock returned and refunded; the store's refund of it arrives with the order: two are left, not one.
    expect(
      lineEligibility(order, { ...three, completedQuantity: 1, refundedQuantity: 1 }, policy, now).refundable,
    ).toBe(2);
    // The merchant also refunded another unit at the store on their own.
    expect(
      lineEligibility(order, { ...three, completedQuantity: 1, refundedQuantity: 2 }, policy, now).refundable,
    ).toBe(1);
    // Before the store's refund arrives, the completed unit still counts.
    expect(lineEligibility(order, { ...three, completedQuantity: 1 }, policy, now).refundable).toBe(2);
    // An open request adds to both.
    expect(
      lineEligibility(
        order,
        { ...three, requestedQuantity: 1, completedQuantity: 1, refundedQuantity: 1 },
        policy,
        now,
      ),
    ).toEqual({ reason: null, refundable: 1 });
  });

  it('says a line refunded only through our own returns was processed by the app, not refunded at the platform', () => {
    const returned = { ...line, completedQuantity: 2, refundedQuantity: 2 };
    expect(lineEligibility(order, returned, policy, now)).toEqual({ reason: 'processed_by_app', refundable: 0 });
    expect(lineEligibility(order, { ...line, completedQuantity: 1, refundedQuantity: 2 }, policy, now).reason).toBe(
      'refunded_at_platform',
    );
  });
});
