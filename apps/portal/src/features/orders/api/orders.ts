import { calls } from '@return-center/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http';
import { dataOf } from '../../../shared/http/data-of';

/** index: the session's orders, optionally searched by number. */
export const ordersQuery = (search: string) =>
  queryOptions({
    queryKey: ['orders', search],
    queryFn: async () => (await dataOf(http.request(calls.index, { search }))).list,
  });

export const useOrders = (search: string) => useQuery(ordersQuery(search));
