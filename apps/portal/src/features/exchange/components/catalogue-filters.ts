import { EXCHANGE_SORTS, type PayloadOf, type calls } from '@return-center/contract';
import { parseMinor } from '@return-center/domain';

export type Sort = (typeof EXCHANGE_SORTS)[number];

/** The catalogue's filters as the URL keeps them, so a reload, Back or a shared link shows the same list. */
export interface CatalogueFilters {
  search: string;
  collection: string;
  /** Prices as the shopper typed them, in the shop's currency ("20", "19.99"). */
  min: string;
  max: string;
  inStock: boolean;
  sort: Sort;
}

const isSort = (value: string | null): value is Sort => EXCHANGE_SORTS.some((sort) => sort === value);

export function readFilters(params: URLSearchParams): CatalogueFilters {
  const sort = params.get('sort');
  return {
    search: params.get('q') ?? '',
    collection: params.get('collection') ?? '',
    min: params.get('min') ?? '',
    max: params.get('max') ?? '',
    inStock: params.get('stock') === '1',
    sort: isSort(sort) ? sort : 'featured',
  };
}

/** The URL's query for these filters: only what differs from the defaults, so the plain page has a plain URL. */
export function writeFilters(filters: CatalogueFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search.trim()) params.set('q', filters.search.trim());
  if (filters.collection) params.set('collection', filters.collection);
  if (filters.min.trim()) params.set('min', filters.min.trim());
  if (filters.max.trim()) params.set('max', filters.max.trim());
  if (filters.inStock) params.set('stock', '1');
  if (filters.sort !== 'featured') params.set('sort', filters.sort);
  return params;
}

/** A typed price in minor units; null when empty; 'invalid' when it is not an amount of this currency. */
export function priceOf(typed: string, currency: string): number | null | 'invalid' {
  if (!typed.trim()) return null;
  try {
    const minor = parseMinor(typed, currency);
    return minor >= 0 ? minor : 'invalid';
  } catch {
    return 'invalid';
  }
}

type Query = Pick<
  PayloadOf<typeof calls.getVariantList>,
  'search' | 'collection_id' | 'price_min' | 'price_max' | 'in_stock' | 'sort'
>;

/** The getVariantList filters for the URL's; a price that is not an amount is left out (the form says so). */
export function queryOf(filters: CatalogueFilters, currency: string): Query {
  const price = (typed: string) => {
    const minor = priceOf(typed, currency);
    return minor === 'invalid' ? null : minor;
  };
  const collection = Number(filters.collection);
  return {
    search: filters.search.trim().slice(0, 100),
    collection_id: Number.isInteger(collection) && collection > 0 ? collection : null,
    price_min: price(filters.min),
    price_max: price(filters.max),
    in_stock: filters.inStock,
    sort: filters.sort,
  };
}
