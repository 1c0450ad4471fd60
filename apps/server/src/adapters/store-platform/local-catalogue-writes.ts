import { isId } from '@return-center/contract';
import type { Clock } from '../../clock.js';
import { nowSeconds } from '../../clock.js';
import type { Db } from '../../db/database.js';
import type { PlatformCollection } from './port.js';
import { searchTextOf } from './search-text.js';

/** The local platform's catalogue as its merchant (or the demo's seed) fills it: products, variants, collections. */

export interface NewProduct {
  title: string;
  handle: string;
  image: string;
  tags: string[];
  /** The product's type as the merchant names it, e.g. "Shirts", and who makes it; '' (none) by default. */
  productType?: string;
  vendor?: string;
  /** Place among the featured products, 0 first. */
  rank: number;
  createdAt: number;
  /**
   * The names of the options its variants differ by. By default ["Size"] when the variants have one option (the
   * demo catalogue's), "Option 1", "Option 2"… when they have more.
   */
  optionNames?: string[];
  /** Handles of the shop's collections it belongs to; one the shop has not got yet is made, titled after its handle. */
  collections?: string[];
  variants: { title: string; sku: string; price: number; stock: number; options: string[] }[];
}

export interface NewCollection {
  title: string;
  handle: string;
  /** Products of the shop to put in it. */
  productIds: number[];
}

/** Adds a product with its variants to the shop's catalogue (the demo shop's seed). */
export async function addProduct(
  db: Db,
  clock: Clock,
  shopId: number,
  product: NewProduct,
): Promise<{ sku: string; productId: number; variantId: number }[]> {
  const optionCount = Math.max(0, ...product.variants.map((v) => Math.min(v.options.length, 3)));
  const row = await db
    .insertInto('products')
    .values({
      shop_id: shopId,
      title: product.title,
      handle: product.handle,
      image: product.image,
      tags: product.tags.join(','),
      product_type: product.productType ?? '',
      vendor: product.vendor ?? '',
      featured_rank: product.rank,
      created_at: product.createdAt,
      option_names: JSON.stringify(product.optionNames ?? defaultOptionNames(optionCount)),
      min_price: product.variants.length > 0 ? Math.min(...product.variants.map((v) => v.price)) : 0,
      search_text: searchTextOf(
        product.title,
        product.tags.join(','),
        product.variants.map((v) => v.sku),
      ),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const variants = [];
  for (const variant of product.variants) {
    const v = await db
      .insertInto('variants')
      .values({
        product_id: row.id,
        title: variant.title,
        sku: variant.sku,
        price: variant.price,
        inventory_quantity: variant.stock,
        option1: variant.options[0] ?? null,
        option2: variant.options[1] ?? null,
        option3: variant.options[2] ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    variants.push({ sku: variant.sku, productId: row.id, variantId: v.id });
  }
  for (const handle of product.collections ?? [])
    await addCollection(db, clock, shopId, { title: titleOf(handle), handle, productIds: [row.id] }, false);
  return variants;
}

const defaultOptionNames = (count: number) =>
  count === 1 ? ['Size'] : Array.from({ length: count }, (_, i) => `Option ${String(i + 1)}`);
const titleOf = (handle: string) => {
  const words = handle.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * Makes a collection of the shop's products, or adds the products to the shop's collection of that handle (then
 * `retitle` says whether it takes the new title). A product that is not the shop's is refused.
 */
export async function addCollection(
  db: Db,
  clock: Clock,
  shopId: number,
  collection: NewCollection,
  retitle = true,
): Promise<PlatformCollection> {
  const productIds = [...new Set(collection.productIds)];
  if (productIds.length > 0) {
    const owned = await db
      .selectFrom('products')
      .select('id')
      .where('shop_id', '=', shopId)
      .where('id', 'in', productIds.filter(isId))
      .execute();
    if (owned.length < productIds.length)
      throw new Error(`Collection ${collection.handle}: not every product is the shop's`);
  }
  await db
    .insertInto('collections')
    .values({ shop_id: shopId, title: collection.title, handle: collection.handle, created_at: nowSeconds(clock) })
    .onConflict((oc) =>
      retitle
        ? oc.columns(['shop_id', 'handle']).doUpdateSet({ title: collection.title })
        : oc.columns(['shop_id', 'handle']).doNothing(),
    )
    .execute();
  const row = await db
    .selectFrom('collections')
    .select(['id', 'title', 'handle'])
    .where('shop_id', '=', shopId)
    .where('handle', '=', collection.handle)
    .executeTakeFirstOrThrow();
  if (productIds.length > 0)
    await db
      .insertInto('collection_products')
      .values(productIds.map((productId) => ({ collection_id: row.id, product_id: productId })))
      .onConflict((oc) => oc.columns(['collection_id', 'product_id']).doNothing())
      .execute();
  return row;
}
