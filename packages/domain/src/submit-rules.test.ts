import { messages, SolutionId } from '@return-center/contract';
import { describe, expect, it } from 'vitest';
import { checkSubmit, lacksRequiredProof, requestTypeOf, type SubmitAsked } from './submit-rules';

const reasons = [
  { id: 1, proof: 'optional' as const },
  { id: 2, proof: 'required' as const },
];
const facts = { solutions: [1, 5], methods: [2], platformOrderId: 'gid-7', reasons, lines: [11] };
const product = (reasonId: number, proof: string[]) => ({
  order_product_id: 11,
  quantity: 1,
  reason: { reason_id: reasonId, provide_proof: proof },
});
const submit = (change: Partial<SubmitAsked<ReturnType<typeof product>>> = {}) => ({
  solution_id: 1,
  shipping_method_id: 2,
  type: 1,
  shopify_order_id: '',
  order_product: [product(1, [])],
  ...change,
});
const problemOf = (change: Partial<SubmitAsked<ReturnType<typeof product>>>) =>
  checkSubmit(submit(change), facts).problem;

describe('the submit rules', () => {
  it('types an exchange 2 and every other return 1', () => {
    expect(requestTypeOf(SolutionId.Exchange)).toBe(2);
    for (const id of [SolutionId.RefundOriginal, SolutionId.DiscountCode, SolutionId.GiftCard, SolutionId.BankTransfer])
      expect(requestTypeOf(id)).toBe(1);
  });

  it('counts no blank entry (a failed upload) as a proof photo', () => {
    expect(lacksRequiredProof({ proof: 'required' }, ['', ' '])).toBe(true);
    expect(lacksRequiredProof({ proof: 'required' }, ['', '/uploads/a.png'])).toBe(false);
    expect(lacksRequiredProof({ proof: 'optional' }, [])).toBe(false);
  });

  it('accepts a submit that keeps every rule, with the photos given for each item', () => {
    const checked = checkSubmit(submit({ order_product: [product(2, ['', '/uploads/a.png'])] }), facts);
    expect(checked).toEqual({
      problem: null,
      items: [{ product: product(2, ['', '/uploads/a.png']), reason: reasons[1], proof: ['/uploads/a.png'] }],
    });
  });

  it('names the first rule a submit breaks', () => {
    expect(problemOf({ solution_id: 4 })).toBe('solution_id: not offered for this order');
    expect(problemOf({ solution_id: 5 })).toBe('type: 2 for an exchange (solution 5), otherwise 1');
    expect(problemOf({ type: 2 })).toBe('type: 2 for an exchange (solution 5), otherwise 1');
    expect(problemOf({ shopify_order_id: 'gid-8' })).toBe('shopify_order_id: not the platform id of this order');
    expect(problemOf({ shipping_method_id: 3 })).toBe('shipping_method_id: not offered for this return');
    expect(problemOf({ order_product: [product(9, [])] })).toBe('reason_id: choose a return reason');
    expect(problemOf({ order_product: [product(2, [''])] })).toBe(messages.provideRequiredInformation);
    expect(
      problemOf({
        order_product: [
          product(
            1,
            Array.from({ length: 6 }, (_, i) => `/u/${i}.png`),
          ),
        ],
      }),
    ).toBe(messages.imageLimit);
    expect(problemOf({ exchange_line_items: [{ variant_id: 1, quantity: 1 }] })).toBe(
      'exchange_line_items: only for an exchange (solution 5)',
    );
  });
});
