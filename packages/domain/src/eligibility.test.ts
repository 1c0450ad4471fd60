import { describe, expect, it } from 'vitest';
import { lineEligibility } from './eligibility.js';

const now = 1_800_000_000;
const day = 86400;
const line = { quantity: 2, refundedQuantity: 0, requestedQuantity: 0, tags: [] as string[] };
const order = { createdAt: now - 6 * day, refunded: false };

describe('lineEligibility', () => {
  it('gives each of the four non-returnable reasons from order facts', () => {
    expect(lineEligibility(order, line, now)).toEqual({ reason: null, refundable: 2 });
    expect(lineEligibility({ ...order, createdAt: now - 45 * day }, line, now).reason).toBe('missed_window');
    expect(lineEligibility({ ...order, refunded: true }, line, now).reason).toBe('refunded_at_platform');
    expect(lineEligibility(order, { ...line, requestedQuantity: 2 }, now).reason).toBe('processed_by_app');
    expect(lineEligibility(order, { ...line, tags: ['Final-Sale'] }, now).reason).toBe('other');
  });

  it('keeps the unrequested rest of a line returnable', () => {
    expect(lineEligibility(order, { ...line, requestedQuantity: 1 }, now)).toEqual({ reason: null, refundable: 1 });
  });
});
