import { expect, it } from 'vitest';
import { allowedShippingMethods, isGreenReturn, offeredSolutions } from './return-rules.js';

const all = [1, 2, 3, 4];
const green = { delivery_date_check: true, pickup_is_ok: true };
const notGreen = { delivery_date_check: false, pickup_is_ok: true };

it('offers only solutions the server can carry out, in the shop’s order', () => {
  expect(offeredSolutions([4, 5, 1, 6, 2])).toEqual([4, 5, 1, 6, 2]);
  expect(offeredSolutions([7, 1, 3])).toEqual([1]);
});

it('offers keeping the item only for a green return, and then only that for refunds, codes and gift cards', () => {
  expect(allowedShippingMethods([1, 2, 3], 1, notGreen)).toEqual([1, 2]);
  for (const solution of [1, 2, 4]) expect(allowedShippingMethods([1, 2, 3], solution, green)).toEqual([3]);
  expect(allowedShippingMethods([1, 2, 3], undefined, green)).toEqual([1, 2, 3]);
  expect(allowedShippingMethods([1, 2], 1, green)).toEqual([]);
});

it('offers carrier pickup only where pickup is possible', () => {
  expect(allowedShippingMethods(all, 1, { delivery_date_check: false, pickup_is_ok: false })).toEqual([1, 2]);
  expect(allowedShippingMethods(all, 1, notGreen)).toEqual([1, 2, 4]);
  expect(allowedShippingMethods([1, 9], 1, notGreen)).toEqual([1]);
});

it('decides green returns from the refund ceiling and, where set, the days since delivery', () => {
  const now = 1_800_000_000;
  const day = 86_400;
  const facts = { refund: 2000, deliveredAt: now - 3 * day, now };
  expect(isGreenReturn({ maxRefund: 0, maxDaysSinceDelivery: 0 }, facts)).toBe(false);
  expect(isGreenReturn({ maxRefund: 2000, maxDaysSinceDelivery: 0 }, facts)).toBe(true);
  expect(isGreenReturn({ maxRefund: 1999, maxDaysSinceDelivery: 0 }, facts)).toBe(false);
  expect(isGreenReturn({ maxRefund: 5000, maxDaysSinceDelivery: 3 }, facts)).toBe(true);
  expect(isGreenReturn({ maxRefund: 5000, maxDaysSinceDelivery: 2 }, facts)).toBe(false);
  expect(isGreenReturn({ maxRefund: 5000, maxDaysSinceDelivery: 30 }, { ...facts, deliveredAt: null })).toBe(false);
  expect(isGreenReturn({ maxRefund: 5000, maxDaysSinceDelivery: 0 }, { ...facts, deliveredAt: null })).toBe(true);
});
