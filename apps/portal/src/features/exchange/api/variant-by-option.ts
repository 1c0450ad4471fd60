import type { calls } from '@return-center/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http';
import { callRoute } from '../../../shared/http/call-route';

const getVariantIdByOption = callRoute<typeof calls.getVariantIdByOption>('POST', 'v1', 'getVariantIdByOption');

/**
 * getVariantIdByOption: the variant with these option values if `quantity` units of it are in stock. The whole answer
 * is kept: a refusal ("No stock", "The original product has been deleted.") is shown to the shopper, not retried.
 */
export const variantByOptionQuery = (productId: number, quantity: number, options: readonly (string | null)[]) =>
  queryOptions({
    queryKey: ['variant-by-option', productId, quantity, options],
    queryFn: () =>
      http.request(getVariantIdByOption, {
        product_id: productId,
        quantity,
        option1: options[0] ?? null,
        option2: options[1] ?? null,
        option3: options[2] ?? null,
      }),
  });

export const useVariantByOption = (...choice: Parameters<typeof variantByOptionQuery>) =>
  useQuery(variantByOptionQuery(...choice));
