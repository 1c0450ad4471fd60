import { z } from 'zod';
import { defineCall } from '../call.js';
import { id, int, minor } from '../envelope.js';
import { orderSource } from '../order.js';
import { pickupSlot, reason, refundLineItem, returnFormProduct, returnMoney } from '../returns.js';
import { asLocale, lang } from './shared.js';

// The four return steps and the submit (spec §7).

export const getReason = defineCall({
  method: 'POST',
  base: 'v1',
  name: 'getReason',
  auth: true,
  payload: z.object({ lang }),
  answer: z.object({ list: z.array(reason) }),
});

export const orderConfig = defineCall({
  method: 'POST',
  base: 'v1',
  name: 'orderConfig',
  auth: true,
  payload: z.object({
    code: z.string().max(64).default(''),
    order_id: id,
    refund_line_items: z.array(refundLineItem).min(1),
    solution_id: int.optional(),
  }),
  answer: orderSource.partial().extend({
    /** A gift return's recipient, where its credit and emails go (ADR 044); absent for the buyer's own return. */
    gift_recipient: z.string().optional(),
  }),
});

export const checkRule = defineCall({
  method: 'POST',
  base: 'v1',
  name: 'checkRule',
  auth: true,
  payload: z.object({ order_id: id, solution_id: int, refund_line_items: z.array(refundLineItem).min(1) }),
  answer: z.object({ green_return: z.boolean() }),
});

export const getReturnMoney = defineCall({
  method: 'POST',
  base: 'v1',
  name: 'getReturnMoney',
  auth: true,
  payload: z.object({
    order_id: id,
    refund_line_items: z.array(refundLineItem).min(1),
    solution_id: int,
    shipping_method_id: int.optional(),
  }),
  answer: returnMoney.extend({
    /** An exchange of these items may be instant, against a hold on the shopper's card (ADR 047). */
    instant_exchange: z.boolean().default(false),
  }),
});

export const setReturnOrder = defineCall({
  method: 'POST',
  base: 'v1',
  name: 'setReturnOrder',
  auth: true,
  payload: z.object({
    from: int.default(2),
    money: minor.optional(),
    shipping_method_id: int,
    solution_id: int,
    type: int.default(1),
    order_id: id,
    shopify_order_id: z.string().max(64).default(''),
    idempotency_key: z.string().min(8).max(64),
    order_product: z.array(
      z.object({
        id: int,
        order_product_id: int,
        quantity: int.positive(),
        change: z.object({ product_id: int, variant_id: int }).nullable().default(null),
        reason: returnFormProduct.pick({
          provide_proof: true,
          reason_description: true,
          reason_group_id: true,
          reason_text: true,
          reason_id: true,
        }),
      }),
    ),
    language: z.string().max(35).default('en').transform(asLocale),
    pickup: pickupSlot.optional(),
    exchange_line_items: z.array(z.object({ variant_id: int, quantity: int.positive() })).optional(),
    draft_order_id: z.string().optional(),
    /** An instant exchange: the shopper authorised the hold of its new items (exchangeHold), so they ship at once. */
    instant_exchange: z.boolean().optional(),
    tax: minor.optional(),
    taxes_included: z.boolean().optional(),
    wise: z
      .object({
        iban: z.string().max(64),
        name: z.string().max(200),
        account_id: z.string().max(64),
        currency: z.string().length(3),
      })
      .optional(),
  }),
  answer: z.object({ request_id: int }),
});
