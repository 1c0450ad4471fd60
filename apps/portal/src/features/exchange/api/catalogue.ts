import type { calls, PayloadOf } from '@return-center/contract';
import { keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http';
import { dataOf } from '../../../shared/http/data-of';
import { getVariantList } from './variant-list';

type Filters = Omit<PayloadOf<typeof calls.getVariantList>, 'cursor' | 'limit' | 'product_id' | 'similar_to'>;

/** How many products one page of the catalogue asks for. */
export const CATALOGUE_PAGE = 24;

const variantList = (payload: PayloadOf<typeof calls.getVariantList>) => dataOf(http.request(getVariantList, payload));

/**
 * The shop's catalogue for these filters, a page at a time (keyset cursors, so page 400 is as quick as page 1). The
 * previous list stays on screen while a new filter loads.
 */
export const useCatalogue = (filters: Filters, enabled = true) =>
  useInfiniteQuery({
    enabled,
    queryKey: ['catalogue', filters],
    queryFn: ({ pageParam }) => variantList({ ...filters, cursor: pageParam, limit: CATALOGUE_PAGE }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    placeholderData: keepPreviousData,
  });

/** Products to recommend instead of the returned one: same collection, similar price, in stock. */
export const similarProductsQuery = (productId: number) =>
  queryOptions({
    queryKey: ['similar-products', productId],
    queryFn: async () => (await variantList({ similar_to: productId })).list,
    staleTime: 300_000,
  });

export const useSimilarProducts = (productId: number) => useQuery(similarProductsQuery(productId));
