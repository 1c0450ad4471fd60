import { parseMinor } from '@return-center/domain';
import { compare, searchFilter, type Term } from './shopify-search.js';
import { child } from './shopify-graphql.js';
import {
  connection,
  draftNode,
  gidOf,
  GraphqlError,
  idIn,
  list,
  num,
  obj,
  productNode,
  str,
  variantNode,
} from './shopify-admin-json.js';
import type { Handler } from './shopify-admin-orders.js';
import type { FakeDraft, FakeProduct, FakeShop } from './shopify-admin-shop.js';

/** Root fields of the shop, its catalogue and its draft orders. */

const userError = (field: string[], message: string) => ({ field, message });
const lowest = (p: FakeProduct) => Math.min(...p.variants.map((v) => v.price));
const catalogue = (shop: FakeShop) => shop.products.filter((p) => !p.hidden);

/** The products search: title, sku and tag terms (wildcards allowed), status, stock, collection, dates, ids. */
function productTest(shop: FakeShop, product: FakeProduct) {
  return (term: Term): boolean => {
    switch (term.field) {
      case 'title':
        return term.matches(product.title);
      case 'sku':
        return product.variants.some((v) => term.matches(v.sku));
      case 'tag':
        return product.tags.some((t) => term.matches(t));
      case 'status':
        return term.value.toLowerCase() === 'active';
      case 'inventory_total':
        return compare(
          term,
          product.variants.reduce((sum, v) => sum + v.available, 0),
          Number(term.value),
        );
      case 'collection_id':
        return shop.collections.some((c) => String(c.id) === term.value && c.productIds.includes(product.id));
      case 'created_at':
        return compare(term, product.createdAt, Date.parse(term.value) / 1000);
      case 'id':
        return compare(term, product.id, Number(term.value));
      case null:
        return term.matches(product.title) || product.tags.some((t) => term.matches(t));
      default:
        throw new GraphqlError(`Unknown products search field ${term.field}`);
    }
  };
}

const PRODUCT_SORTS: Record<string, (p: FakeProduct) => number | string> = {
  ID: (p) => p.id,
  CREATED_AT: (p) => p.createdAt,
  CREATED: (p) => p.createdAt,
  TITLE: (p) => p.title.toLowerCase(),
  PRICE: lowest,
};

function sorted(products: FakeProduct[], sortKey: unknown, reverse: unknown, manual?: number[]): FakeProduct[] {
  const key = str(sortKey) || 'ID';
  let out: FakeProduct[];
  if (key === 'COLLECTION_DEFAULT' || key === 'MANUAL') {
    out = [...products].sort((a, b) => (manual?.indexOf(a.id) ?? 0) - (manual?.indexOf(b.id) ?? 0));
  } else {
    const by = PRODUCT_SORTS[key];
    if (!by) throw new GraphqlError(`Unknown sort key ${key}`);
    out = [...products].sort((a, b) => {
      const [x, y] = [by(a), by(b)];
      return x < y ? -1 : x > y ? 1 : a.id - b.id;
    });
  }
  return reverse === true ? out.reverse() : out;
}

function draftTest(draft: FakeDraft) {
  return (term: Term): boolean => {
    switch (term.field) {
      case 'tag':
        return draft.tags.some((t) => term.matches(t));
      case 'status':
        return term.value.toLowerCase() === draft.status.toLowerCase();
      case 'created_at':
        return compare(term, draft.createdAt, Date.parse(term.value) / 1000);
      case null:
        return draft.tags.some((t) => term.matches(t)) || term.matches(draft.email);
      default:
        throw new GraphqlError(`Unknown draftOrders search field ${term.field}`);
    }
  };
}

const draftOf = (shop: FakeShop, id: unknown) => shop.drafts.find((d) => gidOf('DraftOrder', d.id) === id);

export const catalogueHandlers: Record<string, Handler> = {
  shop: (_data, shop) => ({ name: shop.domain, myshopifyDomain: shop.domain, currencyCode: shop.currency }),

  collections: (_data, shop, field) =>
    connection(shop.collections, field, (c) => ({ id: gidOf('Collection', c.id), title: c.title, handle: c.handle })),

  products: (_data, shop, field) => {
    const fits = searchFilter(str(field.args.query));
    const found = catalogue(shop).filter((p) => fits(productTest(shop, p)));
    return connection(sorted(found, field.args.sortKey, field.args.reverse), field, (p) => productNode(shop, p));
  },

  collection: (_data, shop, field) => {
    const collection = shop.collections.find((c) => gidOf('Collection', c.id) === field.args.id);
    if (!collection) return null;
    const products = child(field, 'products');
    const members = catalogue(shop).filter((p) => collection.productIds.includes(p.id));
    return {
      id: gidOf('Collection', collection.id),
      title: collection.title,
      handle: collection.handle,
      products: connection(
        sorted(members, products?.args.sortKey, products?.args.reverse, collection.productIds),
        products,
        (p) => productNode(shop, p),
      ),
    };
  },

  product: (_data, shop, field) => {
    const product = catalogue(shop).find((p) => gidOf('Product', p.id) === field.args.id);
    return product ? productNode(shop, product) : null;
  },

  nodes: (data, shop, field) =>
    list(field.args.ids).map((id) => {
      const variant = data.variant(shop, idIn(id, 'ProductVariant') ?? 0);
      if (variant) return variantNode(shop, variant.product, variant.variant);
      const product = catalogue(shop).find((p) => gidOf('Product', p.id) === id);
      return product ? productNode(shop, product) : null;
    }),

  draftOrder: (data, shop, field) => {
    data.sweep(shop);
    const draft = draftOf(shop, field.args.id);
    return draft ? draftNode(shop, draft) : null;
  },

  draftOrders: (data, shop, field) => {
    data.sweep(shop);
    const fits = searchFilter(str(field.args.query));
    return connection(
      shop.drafts.filter((d) => fits(draftTest(d))),
      field,
      (d) => draftNode(shop, d),
    );
  },

  draftOrderCreate: (data, shop, field) => {
    const input = obj(field.args.input);
    const lines = [];
    for (const [i, raw] of list(input.lineItems).map(obj).entries()) {
      const found = data.variant(shop, idIn(raw.variantId, 'ProductVariant') ?? 0);
      if (!found)
        return {
          draftOrder: null,
          userErrors: [userError(['lineItems', String(i), 'variantId'], 'Variant does not exist')],
        };
      lines.push({
        variantId: found.variant.id,
        productId: found.product.id,
        title: found.product.title,
        variantTitle: found.variant.title,
        price: found.variant.price,
        quantity: num(raw.quantity, 1),
      });
    }
    if (lines.length === 0)
      return { draftOrder: null, userErrors: [userError(['lineItems'], 'Add at least one line item')] };
    const currency = str(input.presentmentCurrencyCode) || shop.currency;
    const applied = obj(input.appliedDiscount);
    const exact = str(obj(applied.amountWithCurrency).amount);
    const off = exact ? parseMinor(exact, currency) : Math.round(num(applied.value, 0) * 100);
    const until = str(input.reserveInventoryUntil);
    const draft: FakeDraft = {
      id: data.nextId(),
      status: 'OPEN',
      createdAt: data.nowSeconds(),
      email: str(input.email),
      currency,
      tags: list(input.tags).map(str),
      note: str(input.note),
      lines,
      discount: Math.min(
        off,
        lines.reduce((sum, l) => sum + l.price * l.quantity, 0),
      ),
      reservedUntil: until ? Math.floor(Date.parse(until) / 1000) : data.nowSeconds(),
      released: !until,
      orderId: null,
    };
    // Held whether or not there are enough: Shopify lets a reservation take stock below zero.
    if (until)
      for (const line of lines) {
        const found = data.variant(shop, line.variantId);
        if (found) found.variant.available -= line.quantity;
      }
    shop.drafts.push(draft);
    return { draftOrder: draftNode(shop, draft), userErrors: [] };
  },

  draftOrderDelete: (data, shop, field) => {
    const draft = draftOf(shop, obj(field.args.input).id);
    if (!draft) return { deletedId: null, userErrors: [userError(['id'], 'Invalid id')] };
    if (draft.status === 'COMPLETED')
      return { deletedId: null, userErrors: [userError(['id'], 'Cannot delete a completed draft order')] };
    data.release(shop, draft);
    shop.drafts.splice(shop.drafts.indexOf(draft), 1);
    return { deletedId: gidOf('DraftOrder', draft.id), userErrors: [] };
  },

  draftOrderUpdate: (data, shop, field) => {
    const draft = draftOf(shop, field.args.id);
    if (!draft) return { draftOrder: null, userErrors: [userError(['id'], 'Draft order does not exist')] };
    if (draft.status === 'COMPLETED')
      return { draftOrder: null, userErrors: [userError(['id'], 'Cannot update a completed draft order')] };
    const input = obj(field.args.input);
    if (input.tags !== undefined) draft.tags = list(input.tags).map(str);
    const until = str(input.reserveInventoryUntil);
    if (until) {
      data.sweep(shop);
      // A lapsed reservation made again takes the units again, as a new one would.
      if (draft.released)
        for (const line of draft.lines) {
          const found = data.variant(shop, line.variantId);
          if (found) found.variant.available -= line.quantity;
        }
      draft.reservedUntil = Math.floor(Date.parse(until) / 1000);
      draft.released = false;
    }
    return { draftOrder: draftNode(shop, draft), userErrors: [] };
  },

  draftOrderComplete: (data, shop, field) => {
    const draft = draftOf(shop, field.args.id);
    if (!draft) return { draftOrder: null, userErrors: [userError(['id'], 'Draft order does not exist')] };
    if (draft.status === 'COMPLETED')
      return { draftOrder: null, userErrors: [userError(['id'], 'This draft order has already been completed')] };
    // Completed without a payment gateway, Shopify marks the order paid: the fake records the payment as it would.
    data.orderFromDraft(shop, draft);
    return { draftOrder: draftNode(shop, draft), userErrors: [] };
  },
};
