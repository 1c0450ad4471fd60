import { z } from 'zod';
import { defineCall } from '../call.js';
import { BANK_REFUND_CURRENCIES, DEFAULT_BANK_REFUND_CURRENCY } from '../constants.js';
import { id, int } from '../envelope.js';
import { pickupAddress, pickupWindow as pickupWindowAnswer } from '../order.js';
import { pickupSlot } from '../returns.js';

// Carrier pickup and bank-transfer refunds (spec §7).

export const getRegion = defineCall({
  method: 'POST',
  base: 'v1',
  name: 'getRegion',
  auth: true,
  payload: z.object({ country: z.string().length(2) }),
  answer: z.object({ list: z.array(z.object({ code: z.string(), name: z.string() })) }),
});

export const pickupUpdate = defineCall({
  method: 'POST',
  base: 'v1',
  name: 'pickupUpdate',
  auth: true,
  payload: z.object({ request_id: id, pickup: pickupSlot }),
  answer: z.object({ code: int, msg: z.string() }),
});

/** Beyond spec §7: when a pickup at this state and ZIP can be booked, in the zone the server derives from them. */
export const pickupWindow = defineCall({
  method: 'POST',
  base: 'v1',
  name: 'pickupWindow',
  auth: true,
  payload: pickupAddress.pick({ province_code: true, zip: true }),
  answer: pickupWindowAnswer,
});

export const pickupAddressValidate = defineCall({
  method: 'POST',
  base: 'go',
  name: 'pickupAddressValidate',
  auth: true,
  payload: pickupAddress,
  answer: z.object({ code: int, msg: z.string() }),
});

export const mapSearch = defineCall({
  method: 'POST',
  base: 'go',
  name: 'map/search',
  auth: true,
  payload: z.object({ search: z.string().trim().min(1).max(200), country: z.string().length(2).default('US') }),
  answer: z.object({ map_search: z.array(z.object({ place_id: z.string(), display: z.string() })) }),
});

export const mapDetail = defineCall({
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
  method: 'POST',
  base: 'go',
  name: 'wise/customer/create',
  auth: true,
  payload: z.object({
    order_id: id,
    name: z.string().trim().min(1).max(100),
    surname: z.string().trim().min(1).max(100),
    iban: z.string().trim().min(15).max(34),
    currency: z.enum(BANK_REFUND_CURRENCIES).default(DEFAULT_BANK_REFUND_CURRENCY),
    account_details: z.string().max(500).default(''),
  }),
  answer: z.object({ account_id: z.string() }),
});
