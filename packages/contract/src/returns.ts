import { z } from 'zod';
import { int, minor, unixSeconds } from './envelope.js';
import { messages } from './messages.js';
import { moneySet, pickupAddress, pickupMethod, variantRef } from './order.js';
import { RefundState } from './ids.js';
import { LOCALES, MAX_REASON_DESCRIPTION } from './constants.js';
import { shopperInspection } from './inspection.js';

export const refundState = z.enum(Object.values(RefundState) as [RefundState, ...RefundState[]]);

export const reasonEntry = z.object({
  reason_id: int,
  reason_text: z.string(),
  reason_group_id: int,
  reason_description: z.string().max(MAX_REASON_DESCRIPTION),
  provide_proof: z.array(z.string().max(2048)).max(5, messages.imageLimit),
});

/** Spec §3 return form data: one entry per order line, keyed by item id. */
export const returnFormProduct = reasonEntry.extend({
  checked: z.boolean(),
  quantity: int.min(0),
  line_item_id: int,
  product_id: int,
  variant: variantRef,
});

export const reason = z.object({
  id: int,
  group_id: int,
  text: z.string(),
  proof: z.enum(['optional', 'required']),
});
export type Reason = z.infer<typeof reason>;

/**
 * A return reason as the merchant stores it: `translations` overrides `text` per language
 * (e.g. `{ "de": "Zu spät geliefert" }`); an empty override counts as none. getReason answers `reason` only.
 */
export const reasonSetting = reason.extend({
  translations: z.partialRecord(z.enum(LOCALES), z.string().trim().max(500)).optional(),
});
export type ReasonSetting = z.infer<typeof reasonSetting>;

export const refundLineItem = z.object({
  line_item_id: int,
  quantity: int.positive(),
  reason_id: int.optional(),
});

export const pickupSlot = z.object({
  carrier: z.string().max(64),
  /** The zone of the address: the server derives it and ignores what a client sends (spec: the slot has it). */
  timezone: z.string().max(64).default(''),
  address: pickupAddress,
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  time: z.string().max(16),
});
export type PickupSlot = z.output<typeof pickupSlot>;

/** Return money info of spec §3 (getReturnMoney). */
export const returnMoney = z.object({
  total: minor,
  discount: minor,
  tax: minor,
  refund: minor,
  max_refund: minor,
  shipping: z.object({ money: minor, tax: minor, max: minor }),
  origin_subtotal: minor,
  exchange_amount: minor,
  return_fee: minor,
  label_fee: minor,
  restocking_fee: minor,
  /** The shop's bonus for store credit or an exchange instead of money back, already in `total`. */
  bonus: minor.default(0),
  currency: z.string(),
  currency_format: z.string(),
});
export type ReturnMoney = z.infer<typeof returnMoney>;

export const exchangeOrder = z.object({
  draft_order_id: z.string(),
  total_line_items_price: minor,
  discount_amount: minor,
  remain_credit: minor,
  total_price: minor,
  /** What rejecting the exchange gave back of the difference the shopper paid at the checkout. */
  refunded_payment: minor.default(0),
  order_id: z.string(),
  order_name: z.string(),
  line_items: z.array(z.object({ variant_id: int, title: z.string(), quantity: int, price: minor })),
  total_price_set: moneySet,
  tax_estimate: minor,
  tax_present: z.boolean(),
  exchange_order_currency_symbol: z.string(),
  taxes_included: z.boolean(),
  exchange_credit: minor,
});

/** Detail record (checkInfo) of spec §3. Later issues fill the optional parts. */
export const checkInfo = z.object({
  id: int,
  status: int,
  refund_state: refundState,
  currency_format: z.string(),
  currency: z.string(),
  decline_reason: z.string(),
  shipping: minor,
  rma: z.string(),
  solution_id: int,
  shipping_method_id: int,
  order_no: z.string(),
  tax: minor,
  refund: minor,
  discount: minor,
  total: minor,
  customer_info: z.object({ email: z.string(), name: z.string() }),
  tracking_number: z.string(),
  shipping_carrier: z.string(),
  store_name: z.string(),
  taxes_included: z.boolean(),
  merchant: z.object({ email: z.string(), phone: z.string() }),
  solution: z.string(),
  shipping_method: z.string(),
  product_items: z.array(
    z.object({
      line_item_id: int,
      title: z.string(),
      quantity: int,
      price: minor,
      image: z.string(),
      reason_text: z.string(),
      /** The desk's decision at receipt (issue 33): the units refunded and why the others are not. */
      inspection: shopperInspection,
    }),
  ),
  /** What the accepted items give back after the desk's inspection (issue 33); null before a detailed receipt. */
  inspected_total: minor.nullable().default(null),
  shipping_address: z.string(),
  return_address: z.string(),
  return_shipment_proof: z.array(z.string()),
  is_select_shipping_method_later: z.boolean(),
  return_rewards_method: z.string(),
  return_rewards_shop_amount: minor,
  packing_slip_url: z.string(),
  label_url: z.string(),
  /** Beyond the spec: drop off without a box, by showing this code (and its QR image) at the carrier's counter. */
  drop_off: z.object({ code: z.string(), qr_url: z.string() }).nullable(),
  gift_balance: minor,
  discount_code: z.string(),
  gift_card_code: z.string(),
  actual_refund: minor,
  label_fee: minor,
  return_fee: minor,
  restocking_fee: minor,
  /** The bonus credit included in `total` (see returnMoney). */
  bonus: minor.default(0),
  tracking: z.array(z.object({ number: z.string(), carrier: z.string(), at: unixSeconds })),
  return_address_mode: int,
  specious_setting: z.object({ hidden_refund: int }),
  /** Spec: {address, time, date}; with the address's time zone, which the time is in, and whether it may change. */
  pickup: z
    .object({
      address: pickupAddress,
      time: z.string(),
      date: z.string(),
      timezone: z.string(),
      changeable: z.boolean(),
    })
    .nullable(),
  pickupMethod: pickupMethod.nullable(),
  exchange_order: exchangeOrder.nullable(),
  created_at: unixSeconds,
});
export type CheckInfo = z.infer<typeof checkInfo>;

/** The `data` of a 1067 answer: the open request the shopper is sent to (spec §4, /process/{id}). */
export const alreadyProcessing = z.object({ request_id: int });
export type AlreadyProcessing = z.infer<typeof alreadyProcessing>;
