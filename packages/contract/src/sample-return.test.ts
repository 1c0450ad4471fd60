import { describe, expect, it } from 'vitest';
import { setReturnOrder } from './calls/return-flow.js';
import { oneLineReturn } from './sample-return.js';

describe('oneLineReturn', () => {
  it('is a submit the contract accepts: one unit of one line, refunded, sent back by the shopper', () => {
    const submit = setReturnOrder.payload.parse(oneLineReturn({ orderId: 7, lineId: 11, idempotencyKey: 'key-12345' }));
    expect(submit).toMatchObject({ order_id: 7, solution_id: 1, type: 1, shipping_method_id: 2 });
    expect(submit.order_product).toEqual([
      {
        id: 11,
        order_product_id: 11,
        quantity: 1,
        change: null,
        reason: { reason_id: 5, reason_text: '', reason_group_id: 1, reason_description: '', provide_proof: [] },
      },
    ]);
  });

  it('takes another reason or other fields, and keeps the rest', () => {
    const submit = oneLineReturn(
      { orderId: 7, lineId: 11, idempotencyKey: 'key-12345' },
      { reason: { reason_id: 1, provide_proof: ['/uploads/p.png'] }, fields: { shipping_method_id: 4 } },
    );
    expect(setReturnOrder.payload.safeParse(submit).success).toBe(true);
    expect(submit.shipping_method_id).toBe(4);
    expect(submit.order_product[0]?.reason).toMatchObject({
      reason_id: 1,
      reason_group_id: 1,
      provide_proof: ['/uploads/p.png'],
    });
  });
});
