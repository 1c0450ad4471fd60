import { z } from 'zod';
import { defineCall } from '../call.js';
import { id, int } from '../envelope.js';
import { messages } from '../messages.js';
import { checkInfo, pickupSlot } from '../returns.js';
import { ok } from './shared.js';

// The status page of a submitted request (spec §7).

export const returnInfo = defineCall({
  method: 'POST',
  base: 'v1',
  name: 'returnInfo',
  auth: true,
  payload: z.object({ request_id: id, code: z.string().max(64).default('') }),
  answer: checkInfo,
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
