import { z } from 'zod';
import { defineCall } from '../call.js';
import { EXCHANGE_SORTS } from '../constants.js';
import { id, int, minor } from '../envelope.js';
import { exchangeHold as exchangeHoldAnswer } from '../instant-exchange.js';
import { refundLineItem } from '../returns.js';

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

/** An exchange's draft order at the store: what the shopper pays beyond the return's credit, and where. */
export const exchangeDraft = z.object({
  draft_order_id: z.string(),
  /** open: to be paid at checkout_url; paid; cancelled (its units went back to stock). */
  status: z.enum(['open', 'paid', 'cancelled']),
  /**
   * The store's checkout page while open; add `return` (a path of the portal) to come back there. The local store's
   * checkout comes back by itself, to the exchange page of the draft's order with `?draft=`, once the payment is taken.
   */
  checkout_url: z.string(),
  total_line_items_price: minor,
  exchange_credit: minor,
  /** What is left to pay (minor units). */
  total_price: minor,
  currency: z.string(),
});

/** A choice of new items for the returned ones: the same order, form key and items make the same draft. */
const exchangeChoice = z.object({
  order_id: id,
  refund_line_items: z.array(refundLineItem).min(1),
  exchange_line_items: z
    .array(z.object({ variant_id: int, quantity: int.positive() }))
    .min(1)
    .max(50),
  idempotency_key: z.string().min(8).max(64),
});

/**
 * The pay-for-exchanges step (spec screen 8): a draft order at the store for the chosen new items, their units
 * reserved, with the return's credit taken off. The same order, return form key and items answer the same draft; the
 * submit that follows finds it by them too.
 */
export const createDraftOrder = defineCall({
  method: 'POST',
  base: 'v1',
  name: 'createDraftOrder',
  auth: true,
  payload: exchangeChoice,
  answer: exchangeDraft,
});

/**
 * The hold step of an instant exchange (ADR 047): the hold on the shopper's card for the new items the return's credit
 * pays for, started for the choice's draft (paid first when dearer) or found again; the shopper authorises it at
 * `pay_url` and comes back to the exchange page with `?hold=<draft id>`, where the same call answers it held.
 */
export const exchangeHold = defineCall({
  method: 'POST',
  base: 'v1',
  name: 'exchangeHold',
  auth: true,
  payload: exchangeChoice,
  answer: exchangeHoldAnswer,
});

/** After the checkout: whether the shopper paid the draft of their order. */
export const getDraftOrder = defineCall({
  method: 'POST',
  base: 'v1',
  name: 'getDraftOrder',
  auth: true,
  payload: z.object({ order_id: id, draft_order_id: z.string().min(1).max(64) }),
  answer: exchangeDraft,
});
