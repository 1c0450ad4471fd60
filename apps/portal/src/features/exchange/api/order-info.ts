import { calls, Code } from '@return-center/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http';

/** orderInfo: the order whose item is being exchanged (the same cache entry the return steps use). */
export const useOrderInfo = (orderId: number) =>
  useQuery({
    queryKey: ['order-info', orderId],
    queryFn: async () => {
      const answer = await http.request(calls.orderInfo, { order_id: orderId });
      if (answer.code !== Code.Success) throw new Error(answer.msg);
      return answer.data;
    },
  });
