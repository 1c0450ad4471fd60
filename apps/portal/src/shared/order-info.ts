import { calls, Code } from '@return-center/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from './http';

/** orderInfo: one order's returnable and non-returnable lines, one cache entry for every screen that shows them. */
export const useOrderInfo = (orderId: number, enabled = true) =>
  useQuery({
    queryKey: ['order-info', orderId],
    queryFn: async () => {
      const answer = await http.request(calls.orderInfo, { order_id: orderId });
      if (answer.code !== Code.Success) throw new Error(answer.msg);
      return answer.data;
    },
    enabled,
  });
