import type { calls } from '@return-center/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http';
import { callRoute } from '../../../shared/http/call-route';
import { dataOf } from '../../../shared/http/data-of';

/** getVariantList by its route, so that the router can start the exchange's first calls (app/first-data.ts). */
export const getVariantList = callRoute<typeof calls.getVariantList>('POST', 'v1', 'getVariantList');

/** getVariantList by product_id: the product being returned with all its variants, or null once the shop stops selling it. */
export const productVariantsQuery = (productId: number | undefined) =>
  queryOptions({
    queryKey: ['product-variants', productId],
    queryFn: async () =>
      (await dataOf(http.request(getVariantList, { product_id: productId ?? null }))).list[0] ?? null,
    enabled: productId !== undefined,
  });

export const useProductVariants = (productId: number | undefined) => useQuery(productVariantsQuery(productId));
