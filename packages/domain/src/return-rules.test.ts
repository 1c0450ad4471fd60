import { expect, it } from 'vitest';
import { allowedShippingMethods } from './return-rules.js';

const all = [1, 2, 3, 4];

it('limits refunds, discount codes and gift cards to keeping the item when green returns apply', () => {
  for (const solution of [1, 2, 4]) {
    expect(allowedShippingMethods(all, solution, { delivery_date_check: true, pickup_is_ok: true })).toEqual([3]);
  }
  expect(allowedShippingMethods(all, 5, { delivery_date_check: true, pickup_is_ok: true })).toEqual(all);
});

it('hides carrier pickup unless pickup is possible', () => {
  expect(allowedShippingMethods(all, 1, { delivery_date_check: false, pickup_is_ok: false })).toEqual([1, 2, 3]);
  expect(allowedShippingMethods(all, 1, { delivery_date_check: false, pickup_is_ok: true })).toEqual(all);
});
