import type { EXCHANGE_SORTS } from '@return-center/contract';

/** A product of the shop's catalogue, for exchanges. */
export interface PlatformProduct {
  id: number;
  title: string;
  handle: string;
  image: string;
  tags: string[];
  /** When the shop added it (seconds). */
  createdAt: number;
  /** The names of the options its variants differ by, e.g. ["Size", "Colour"]. */
  optionNames: string[];
  variants: PlatformVariant[];
}

export interface PlatformVariant {
  id: number;
  productId: number;
  title: string;
  sku: string;
  price: number;
  /** Units in stock; a variant with none cannot be exchanged for. */
  stock: number;
  /** This variant's value of each of the product's options, in the same order as `optionNames`. */
  options: string[];
}

export interface PlatformCollection {
  id: number;
  title: string;
  handle: string;
}

/** Spec §9's sort options: Featured, Newest, Price high-low, Price low-high (by a product's lowest price). */
export type ProductSort = (typeof EXCHANGE_SORTS)[number];

export interface ProductQuery {
  collectionId?: number;
  search?: string;
  /** Only products with a variant priced within these bounds (minor units, both included). */
  price?: { min?: number; max?: number };
  /** Only products with a variant in stock. */
  inStock?: boolean;
  sort?: ProductSort;
  cursor?: string | null;
  limit: number;
}

export interface ProductPage {
  products: PlatformProduct[];
  /** Pass it back for the next page; null on the last. */
  nextCursor: string | null;
}

/** The shop's catalogue, for exchanges. */
export interface PlatformCatalogue {
  listCollections(shopId: number): Promise<PlatformCollection[]>;
  /**
   * Products by collection, price and stock and/or a search of title, SKU and tags (case-insensitive), in the order
   * asked for (the shop's featured order by default), a page at a time: at most `limit` (1 to 250) products, and a
   * cursor to pass back with the same query for the next page.
   */
  listProducts(shopId: number, query: ProductQuery): Promise<ProductPage>;
  getProduct(shopId: number, productId: number): Promise<PlatformProduct | null>;
  /**
   * Up to `limit` (1 to 50) products to suggest instead of this one: related by the platform's own measure (the local
   * platform: in one of its collections, at a price within half of its own either way, nearest price first), in stock,
   * never the product itself. None for a product that is not the shop's.
   */
  recommendProducts(shopId: number, productId: number, limit: number): Promise<PlatformProduct[]>;
}
