import { calls, Code } from '@return-center/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http';

/** getVariantList by product_id: the product being returned with all its variants, or null once the shop stops selling it. */
export const useProductVariants = (productId: number | undefined) =>
  useQuery({
    queryKey: ['product-variants', productId],
    queryFn: async () => {
      const answer = await http.request(calls.getVariantList, { product_id: productId ?? null });
      if (answer.code !== Code.Success) throw new Error(answer.msg);
      return answer.data.list[0] ?? null;
    },
    enabled: productId !== undefined,
  });
