import type { PayloadOf } from './call.js';
import type { setReturnOrder } from './calls/return-flow.js';
import type { PickupAddress } from './order.js';

export type ReturnSubmit = PayloadOf<typeof setReturnOrder>;
type ReturnReason = ReturnSubmit['order_product'][number]['reason'];

/**
 * The submit (setReturnOrder) of one unit of one order line, as the portal sends it: reason 5 ("Doesn't suit me"),
 * a refund to the original payment (solution 1), sent back by the shopper (method 2). The one plain return that the
 * API tests, the benchmark and the end-to-end journeys send; `reason` and `fields` change what they need.
 */
export function oneLineReturn(
  line: { orderId: number; lineId: number; idempotencyKey: string },
  change: { reason?: Partial<ReturnReason>; fields?: Partial<ReturnSubmit> } = {},
): ReturnSubmit {
  return {
    order_id: line.orderId,
    solution_id: 1,
    type: 1,
    shipping_method_id: 2,
    idempotency_key: line.idempotencyKey,
    ...change.fields,
    order_product: [
      {
        id: line.lineId,
        order_product_id: line.lineId,
        quantity: 1,
        change: null,
        reason: {
          reason_id: 5,
          reason_text: '',
          reason_group_id: 1,
          reason_description: '',
          provide_proof: [],
          ...change.reason,
        },
      },
    ],
  };
}

/**
 * The pickup address of the tests that book a pickup: in New York, so the server's pickup window is in Eastern Time.
 * Shared by the portal's, the server's and the domain's tests.
 */
export const newYorkPickupAddress: PickupAddress = {
  country_code: 'US',
  province_code: 'NY',
  apartment: 'Apt 4B',
  address1: '350 5th Ave',
  city: 'New York',
  zip: '10118',
  phone: '212-555-0101',
  email: 'alice@example.com',
};
