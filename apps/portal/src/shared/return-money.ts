import { calls, Code, type PayloadOf } from '@return-center/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from './http';

type Lines = PayloadOf<typeof calls.getReturnMoney>['refund_line_items'];

/**
 * getReturnMoney: the refund the server computes from the order, one cache entry for the check step and the summary
 * beside the steps.
 */
export const useReturnMoney = (
  orderId: number,
  lines: Lines,
  solutionId: number | null,
  shippingMethodId: number | null,
) =>
  useQuery({
    queryKey: ['return-money', orderId, lines, solutionId, shippingMethodId],
    queryFn: async () => {
      const answer = await http.request(calls.getReturnMoney, {
        order_id: orderId,
        refund_line_items: lines,
        solution_id: solutionId ?? 1,
        ...(shippingMethodId ? { shipping_method_id: shippingMethodId } : {}),
      });
      if (answer.code !== Code.Success) throw new Error(answer.msg);
      return answer.data;
    },
    enabled: lines.length > 0 && solutionId !== null,
  });
