import { z } from 'zod';
import { defineCall } from '../call.js';
import { id, int, minor } from '../envelope.js';

// Exchanges: the catalogue and variant lookup (spec §7).

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
