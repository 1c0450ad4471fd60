import { z } from 'zod';
import { deskOrderRef } from './desk-returns.js';
import { SolutionId } from './ids.js';

/**
 * Gift returns (issue 35, ADR 044): a recipient who does not own the order's email signs in with the order number and
 * the shipping postcode, or the gift code of the order's packing slip. On by default, offering store credit only.
 */
export const giftReturnSettings = z.object({
  enabled: z.boolean().default(true),
  /** The solutions a gift return may choose, among those the shop offers: store credit and exchanges by default. */
  solutions: z
    .array(z.number().int())
    .max(10)
    .default([SolutionId.DiscountCode, SolutionId.GiftCard, SolutionId.Exchange]),
  /** Whether the buyer gets an email naming what was returned (never the credit, nor the recipient's address). */
  tell_buyer: z.boolean().default(false),
});
export type GiftReturnSettings = z.infer<typeof giftReturnSettings>;

/** A gift code as printed: GIFT- and 8 letters or digits of Crockford's base32 (no I, L, O, U). */
export const GIFT_CODE_PATTERN = /^GIFT-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

/** The merchant API's gift route (ADR 044): an order's gift code, to print on its packing slip. */
export const giftRoutes = {
  giftCode: {
    method: 'GET' as const,
    path: '/orders/{id}/gift-code',
    summary:
      'The gift code to print on the packing slip of an order (by order number such as 1001): a gift recipient signs in with it instead of the postcode',
    id: deskOrderRef,
    answer: z.object({ order_name: z.string(), gift_code: z.string().regex(GIFT_CODE_PATTERN) }),
    refusals: [404 as const],
  },
};
