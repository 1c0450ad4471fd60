import { z } from 'zod';
import { defineCall } from '../call.js';
import { id } from '../envelope.js';
import { orderSource, orderSummary, returnListItem } from '../order.js';
import { orderRef } from './shared.js';

// The shopper's orders and their earlier returns (spec §7).

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
