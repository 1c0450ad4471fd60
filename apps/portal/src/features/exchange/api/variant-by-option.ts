import { calls } from '@return-center/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http';

/**
 * getVariantIdByOption: the variant with these option values if `quantity` units of it are in stock. The whole answer
 * is kept: a refusal ("No stock", "The original product has been deleted.") is shown to the shopper, not retried.
 */
export const useVariantByOption = (productId: number, quantity: number, options: readonly (string | null)[]) =>
  useQuery({
    queryKey: ['variant-by-option', productId, quantity, options],
    queryFn: () =>
      http.request(calls.getVariantIdByOption, {
        product_id: productId,
        quantity,
        option1: options[0] ?? null,
        option2: options[1] ?? null,
        option3: options[2] ?? null,
      }),
  });
