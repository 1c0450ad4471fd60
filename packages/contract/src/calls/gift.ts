import { z } from 'zod';
import { defineCall } from '../call.js';
import { email, int, shopUrl } from '../envelope.js';

/**
 * A gift recipient's sign-in (issue 35, ADR 044): the order number with the shipping postcode or the packing slip's
 * gift code, and the recipient's own email, where the store credit and every email of the return go.
 */
export const giftLogin = defineCall({
  method: 'POST',
  base: 'go',
  name: 'giftLogin',
  auth: false,
  payload: z.object({
    order_number: z.string().trim().min(1).max(64),
    /** The shipping postcode, or the gift code printed on the packing slip. */
    postcode: z.string().trim().min(1).max(20),
    /** The recipient's email. */
    email,
    shop_url: shopUrl,
  }),
  answer: z.object({
    token: z.string(),
    expires_at: z.number().int(),
    email: z.string(),
    order_id: int,
  }),
});
