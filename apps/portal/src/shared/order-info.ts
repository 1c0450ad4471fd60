import { calls, Code } from '@return-center/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http';

/** orderInfo: one order's returnable and non-returnable lines. */
export const orderInfoQuery = (orderId: number) =>
  queryOptions({
    queryKey: ['order-info', orderId],
    queryFn: async () => {
      const answer = await http.request(calls.orderInfo, { order_id: orderId });
      if (answer.code !== Code.Success) throw new Error(answer.msg);
      return answer.data;
    },
  });

export const useOrderInfo = (orderId: number, enabled: boolean) => useQuery({ ...orderInfoQuery(orderId), enabled });
