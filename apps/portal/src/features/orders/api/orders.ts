import { calls, Code } from '@return-center/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http';

/** index: the session's orders, optionally searched by number. */
export const ordersQuery = (search: string) =>
  queryOptions({
    queryKey: ['orders', search],
    queryFn: async () => {
      const answer = await http.request(calls.index, { search });
      if (answer.code !== Code.Success) throw new Error(answer.msg);
      return answer.data.list;
    },
  });

export const useOrders = (search: string) => useQuery(ordersQuery(search));
