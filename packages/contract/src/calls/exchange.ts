import { z } from 'zod';
import { defineCall } from '../call.js';
import { EXCHANGE_SORTS } from '../constants.js';
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

/** The most products one page of the exchange catalogue holds. */
export const MAX_CATALOGUE_PAGE = 48;

/**
 * The shop's catalogue for "exchange for other goods" (spec screen 8), a page at a time: search, collection, price
 * range (minor units, both included, on any variant) and stock filters, and spec §9's sorts. Pass `next_cursor` back
 * with the same filters for the next page; it is null on the last. The shop's collections come with every page.
 * With `product_id` it answers that product alone (none when the shop no longer sells it): the other variants of an
 * item being returned, for an exchange of the same product. With `similar_to` it answers up to 8 products to recommend
 * instead of that one (same collection, similar price, in stock), on one page.
 */
export const getVariantList = defineCall({
  method: 'POST',
  base: 'v1',
  name: 'getVariantList',
  auth: true,
  payload: z.object({
    search: z.string().trim().max(100).default(''),
    product_id: id.nullable().default(null),
    similar_to: id.nullable().default(null),
    sort: z.enum(EXCHANGE_SORTS).default('featured'),
    collection_id: id.nullable().default(null),
    price_min: minor.min(0).nullable().default(null),
    price_max: minor.min(0).nullable().default(null),
    in_stock: z.boolean().default(false),
    cursor: z.string().max(200).nullable().default(null),
    limit: int.min(1).max(MAX_CATALOGUE_PAGE).default(24),
  }),
  answer: z.object({
    list: z.array(
      z.object({
        id: int,
        title: z.string(),
        image: z.string(),
        created_at: z.number().int(),
        option_names: z.array(z.string()),
        variants: z.array(variant),
      }),
    ),
    next_cursor: z.string().nullable(),
    collections: z.array(z.object({ id: int, title: z.string() })),
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
