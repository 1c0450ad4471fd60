import { z } from 'zod';
import { shopperMessage } from './shopper-message.js';
import { RETURN_WINDOW_DAYS } from './constants.js';
import { int, minor, unixSeconds } from './envelope.js';
import { NonReturnableReason } from './ids.js';

export const moneySet = z.object({
  currency: z.string().length(3),
  /** Display pattern with `{{amount}}`, e.g. `${{amount}}` or `€{{amount}}`. */
  currency_format: z.string(),
  money: minor,
});
export type MoneySet = z.infer<typeof moneySet>;

export const variantRef = z.object({ product_id: int, variant_id: int });

/** One order line as the portal shows it. Prices are per unit, in minor units. */
export const orderLine = z.object({
  id: int,
  line_item_id: int,
  product_id: int,
  variant: variantRef,
  title: z.string(),
  variant_title: z.string(),
  sku: z.string(),
  image: z.string(),
  price: minor,
  quantity: int,
  refundable_quantity: int,
});
export type OrderLine = z.infer<typeof orderLine>;

export const nonReturnableLine = orderLine.extend({
  reason: z.enum(Object.values(NonReturnableReason) as [NonReturnableReason, ...NonReturnableReason[]]),
  /** The open request that holds this line, when reason is processed_by_app. */
  request_id: int.nullable(),
  /** The shop's words when one of its rules denies the line (reason `other`); null: the portal's own. */
  message: shopperMessage.nullable().default(null),
});
export type NonReturnableLine = z.infer<typeof nonReturnableLine>;

/** A row of the orders list (index). */
export const orderSummary = z.object({
  id: int,
  order_name: z.string(),
  order_create_time: unixSeconds,
  item_count: int,
  returnable_count: int,
  total_price_set: moneySet,
  /** The latest return request of this order, if any. */
  request_id: int.nullable(),
  request_status: int.nullable(),
});
export type OrderSummary = z.infer<typeof orderSummary>;

export const returnSolution = z.object({ id: int, name: z.string(), description: z.string() });
export const returnShippingMethod = z.object({
  id: int,
  name: z.string(),
  description: z.string(),
  fee: minor,
});

/** Bounded at the edge as the order feed bounds an address; the domain's rules (pickupAddressErrors) are stricter. */
export const pickupAddress = z.object({
  country_code: z.string().max(2).default('US'),
  province_code: z.string().max(10).default(''),
  apartment: z.string().max(200).default(''),
  address1: z.string().max(200).default(''),
  city: z.string().max(200).default(''),
  zip: z.string().max(20).default(''),
  phone: z.string().max(32).default(''),
  email: z.string().max(320).default(''),
});
export type PickupAddress = z.infer<typeof pickupAddress>;

/**
 * When a pickup can be booked: the zone of the pickup address (derived by the server, never the shopper's browser)
 * and the first and last days (YYYY-MM-DD) in it, seen from the server's clock.
 */
export const pickupWindow = z.object({
  timezone: z.string(),
  first: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  last: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});
export type PickupWindowAnswer = z.infer<typeof pickupWindow>;

export const pickupMethod = z.object({
  carrierDefault: z.string(),
  carriersList: z.array(z.object({ value: z.string(), label: z.string() })),
  pickupTime: z.record(z.string(), z.string()),
  pickupTimeDefault: z.string(),
});

/** Spec §9: a return is possible for at most 30 days from purchase; a window needs at least one day. */
const windowMessage = `A return window is 1 to ${String(RETURN_WINDOW_DAYS)} days`;
export const returnWindowDays = int.min(1, windowMessage).max(RETURN_WINDOW_DAYS, windowMessage);

/**
 * Extra credit for taking store credit (discount code, gift card) or an exchange instead of money back: a percentage
 * of the return's total or a fixed amount, at most `max` (minor units; 0 sets no cap). A value of 0 turns it off.
 */
export const creditBonus = z
  .object({ type: z.enum(['percent', 'fixed']), value: int.min(0).max(1_000_000_00), max: minor.min(0) })
  .refine((bonus) => bonus.type === 'fixed' || bonus.value <= 100, 'value: a percentage is at most 100');
export type CreditBonus = z.infer<typeof creditBonus>;

export const returnSetting = z.object({
  return_window_days: returnWindowDays,
  refund_shipping: z.boolean(),
  return_fee: minor,
  label_fee: minor,
  restocking_fee_percent: z.number().min(0).max(100),
  /** Green returns: refunds up to this amount keep the item (shipping method 3). 0 turns it off. */
  green_return_max: minor.default(0),
  /** Green returns only for orders delivered at most this many days ago; 0 sets no day limit. */
  green_return_max_days: int.min(0).max(3650).default(0),
  credit_bonus: creditBonus.default({ type: 'percent', value: 0, max: 0 }),
});
export type ReturnSetting = z.infer<typeof returnSetting>;

/** Order source data of spec §3, answered by orderInfo. */
export const orderSource = z.object({
  id: int,
  order_name: z.string(),
  order_create_time: unixSeconds,
  no: z.array(nonReturnableLine),
  yes: z.array(orderLine),
  return_setting: returnSetting,
  total_price_set: moneySet,
  shopify_order_id: z.string(),
  returnShippingMethod: z.array(returnShippingMethod),
  returnSolution: z.array(returnSolution),
  pickupMethod: pickupMethod,
  pickup_is_ok: z.boolean(),
  has_free_shipping: z.boolean(),
  delivery_date_check: z.boolean(),
  customer_wise_name: z.string(),
  customer_wise_iban: z.string(),
  wise_account_id: z.string(),
  customer_wise_currency: z.string().default('GBP'),
  hidden_refund: int.default(2),
  return_reason_same: int.default(1),
  pickup_address: pickupAddress,
  request_id: int.nullable(),
});
export type OrderSource = z.infer<typeof orderSource>;

/** A row of orderReturnList. */
export const returnListItem = z.object({
  id: int,
  order_id: int,
  order_no: z.string(),
  status: int,
  solution_id: int,
  shipping_method_id: int,
  created_at: unixSeconds,
  refund: minor,
  currency: z.string(),
});
export type ReturnListItem = z.infer<typeof returnListItem>;
