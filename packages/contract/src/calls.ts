import { z } from 'zod';
import { defineCall } from './call.js';
import { messages } from './messages.js';
import { email, id, int, minor, shopUrl } from './envelope.js';
import { orderSource, orderSummary, pickupAddress, returnListItem } from './order.js';
import { checkInfo, reason, refundLineItem, returnFormProduct, returnMoney, pickupSlot } from './returns.js';
import { storeConfig, storeStyle, storeText } from './store-config.js';

const empty = z.object({}).passthrough();
const ok = z.null();
const lang = z.string().min(2).max(10).default('en');
const orderRef = z.object({ order_id: id });

// ---- Session and configuration ----

export const loginCode = defineCall({
  method: 'POST',
  base: 'go',
  name: 'loginCode',
  auth: false,
  payload: z.object({ email, shop_url: shopUrl, lang }),
  answer: z.object({ expires_in: z.number().int() }),
});

/** Either `code` (email + emailed code) or `order_number` (+ email or phone in `email`). */
export const login = defineCall({
  method: 'POST',
  base: 'go',
  name: 'login',
  auth: false,
  payload: z.object({
    email: z.string().trim().min(1).max(254),
    order_number: z.string().trim().max(64).default(''),
    code: z.string().trim().max(12).default(''),
    shop_url: shopUrl,
    origin: z.string().max(2048).default(''),
  }),
  answer: z.object({
    token: z.string(),
    expires_at: z.number().int(),
    email: z.string(),
    order_id: int.nullable(),
  }),
});

export const logout = defineCall({
  method: 'POST',
  base: 'go',
  name: 'logout',
  auth: true,
  payload: empty,
  answer: ok,
});

export const getConfig = defineCall({
  method: 'POST',
  base: 'go',
  name: 'getConfig',
  auth: false,
  payload: z.object({ shop_url: shopUrl, code: lang, sign: z.string().max(128) }),
  answer: storeConfig,
});

/** Login page settings (style and text) for one shop; the portal's admin preview may send overrides. */
export const pageSetting = defineCall({
  method: 'POST',
  base: 'go',
  name: 'pageSetting',
  auth: false,
  payload: z.object({ shop_url: shopUrl, lang }),
  answer: z.object({ style: storeStyle, text: storeText }),
});

/** The signed-in shopper's portal configuration. */
export const config = defineCall({
  method: 'POST',
  base: 'go',
  name: 'config',
  auth: true,
  payload: empty,
  answer: z.object({
    shop_url: z.string(),
    email: z.string(),
    order_id: int.nullable(),
    return_window_days: int,
    expires_at: z.number().int(),
  }),
});

export const index = defineCall({
  method: 'POST',
  base: 'go',
  name: 'index',
  auth: true,
  payload: z.object({ search: z.string().trim().max(64).default('') }),
  answer: z.object({ list: z.array(orderSummary) }),
});

export const orderInfo = defineCall({
  method: 'POST',
  base: 'go',
  name: 'orderInfo',
  auth: true,
  payload: orderRef,
  answer: orderSource,
});

export const orderReturnList = defineCall({
  method: 'POST',
  base: 'go',
  name: 'orderReturnList',
  auth: true,
  payload: z.object({ order_id: id.optional() }),
  answer: z.object({ list: z.array(returnListItem) }),
});

// ---- Return flow ----

export const getReason = defineCall({
  method: 'POST',
  base: 'v1',
  name: 'getReason',
  auth: true,
  payload: z.object({ lang }),
  answer: z.object({ list: z.array(reason) }),
});

export const returnInfo = defineCall({
  method: 'POST',
  base: 'v1',
  name: 'returnInfo',
  auth: true,
  payload: z.object({ request_id: id, code: z.string().max(64).default('') }),
  answer: checkInfo,
});

export const variant = z.object({
  id: int,
  product_id: int,
  title: z.string(),
  price: minor,
  inventory_quantity: int,
  option1: z.string().nullable(),
  option2: z.string().nullable(),
  option3: z.string().nullable(),
  image: z.string(),
});

export const getVariantList = defineCall({
  notServedYet: '#13 exchanges',
  method: 'POST',
  base: 'v1',
  name: 'getVariantList',
  auth: true,
  payload: z.object({
    search: z.string().max(100).default(''),
    sort: z.string().default('featured'),
    page: int.min(1).default(1),
  }),
  answer: z.object({
    list: z.array(
      z.object({
        id: int,
        title: z.string(),
        image: z.string(),
        created_at: z.number().int(),
        variants: z.array(variant),
      }),
    ),
    has_more: z.boolean(),
  }),
});

export const getVariantIdByOption = defineCall({
  notServedYet: '#13 exchanges',
  method: 'POST',
  base: 'v1',
  name: 'getVariantIdByOption',
  auth: true,
  payload: z.object({
    product_id: id,
    quantity: int.positive(),
    option1: z.string().nullable().default(null),
    option2: z.string().nullable().default(null),
    option3: z.string().nullable().default(null),
  }),
  answer: variant,
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
  answer: returnMoney,
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
    language: z.string().max(35).default('en'),
    pickup: pickupSlot.optional(),
    exchange_line_items: z.array(z.object({ variant_id: int, quantity: int.positive() })).optional(),
    draft_order_id: z.string().optional(),
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

export const shippingCarrier = defineCall({
  method: 'GET',
  base: 'go',
  name: 'shippingCarrier',
  auth: true,
  payload: z.object({ search: z.string().max(100).default('') }),
  answer: z.object({ list: z.array(z.object({ value: z.string(), label: z.string(), pattern: z.string() })) }),
});

export const addTracking = defineCall({
  method: 'POST',
  base: 'v1',
  name: 'addTracking',
  auth: true,
  payload: z.object({
    request_id: id,
    tracking_number: z.string().trim().min(4).max(64),
    shipping_carrier: z.string().max(64),
    code: z.string().max(64).default(''),
    provide_proof: z.array(z.string().max(2048)).max(5, messages.imageLimit).default([]),
  }),
  answer: ok,
});

export const checkRule = defineCall({
  method: 'POST',
  base: 'v1',
  name: 'checkRule',
  auth: true,
  payload: z.object({ order_id: id, solution_id: int, refund_line_items: z.array(refundLineItem).min(1) }),
  answer: z.object({ green_return: z.boolean() }),
});

export const getRegion = defineCall({
  notServedYet: '#14 pickup',
  method: 'POST',
  base: 'v1',
  name: 'getRegion',
  auth: true,
  payload: z.object({ country: z.string().length(2) }),
  answer: z.object({ list: z.array(z.object({ code: z.string(), name: z.string() })) }),
});

export const pickupUpdate = defineCall({
  notServedYet: '#14 pickup',
  method: 'POST',
  base: 'v1',
  name: 'pickupUpdate',
  auth: true,
  payload: z.object({ request_id: id, pickup: pickupSlot }),
  answer: z.object({ code: int, msg: z.string() }),
});

export const pickupAddressValidate = defineCall({
  notServedYet: '#14 pickup',
  method: 'POST',
  base: 'go',
  name: 'pickupAddressValidate',
  auth: true,
  payload: pickupAddress,
  answer: z.object({ code: int, msg: z.string() }),
});

export const mapSearch = defineCall({
  notServedYet: '#14 pickup',
  method: 'POST',
  base: 'go',
  name: 'map/search',
  auth: true,
  payload: z.object({ search: z.string().trim().min(1).max(200), country: z.string().length(2).default('US') }),
  answer: z.object({ map_search: z.array(z.object({ place_id: z.string(), display: z.string() })) }),
});

export const mapDetail = defineCall({
  notServedYet: '#14 pickup',
  method: 'POST',
  base: 'go',
  name: 'map/detail',
  auth: true,
  payload: z.object({ place_id: z.string().min(1).max(200) }),
  answer: z.object({
    map_address: z.array(
      z.object({
        detail: z.object({ address_detail: z.string(), city: z.string(), zip: z.string(), province_code: z.string() }),
      }),
    ),
  }),
});

export const wiseCustomerCreate = defineCall({
  notServedYet: '#14 bank transfer',
  method: 'POST',
  base: 'go',
  name: 'wise/customer/create',
  auth: true,
  payload: z.object({
    order_id: id,
    name: z.string().trim().min(1).max(100),
    surname: z.string().trim().min(1).max(100),
    iban: z.string().trim().min(15).max(34),
    currency: z.string().length(3).default('GBP'),
    account_details: z.string().max(500).default(''),
  }),
  answer: z.object({ account_id: z.string() }),
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
  answer: orderSource.partial(),
});

export const refundCheck = defineCall({
  method: 'POST',
  base: 'v1',
  name: 'refundCheck',
  auth: true,
  payload: z.object({ id, code: z.string().max(64).default('') }),
  answer: z.object({
    status: int,
    work_flow_refresh: z.object({ continue: z.boolean(), apply: z.boolean() }),
    pickup: pickupSlot.nullable(),
    pickupMethod: z.unknown().nullable(),
    detail: checkInfo,
  }),
});

// ---- Uploads ----

export const getUploadKey = defineCall({
  method: 'GET',
  base: 'go',
  name: 'getUploadKey',
  auth: true,
  payload: z.object({ filename: z.string().trim().min(1).max(255) }),
  answer: z.object({ data: z.object({ url: z.string(), key: z.string(), output_url: z.string() }) }),
});

export const uploadCallback = defineCall({
  method: 'GET',
  base: 'go',
  name: 'callback',
  auth: true,
  payload: z.object({ url: z.string().min(1).max(2048) }),
  answer: z.object({
    ossUrl: z.string(),
    name: z.string(),
    size: z.number().int(),
    type: z.string(),
    path: z.string(),
  }),
});

export const health = z.object({ status: z.literal('ok'), db: z.literal('ok'), version: z.string() });
