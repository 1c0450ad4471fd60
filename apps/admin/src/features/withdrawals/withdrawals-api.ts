import {
  type LinkWithdrawalToOrderBody,
  type WithdrawalRequestFilter,
  merchantUrl,
  withdrawalRoutes,
} from '@return-center/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { get, merchantCall } from '../../shared/api';

export const WITHDRAWALS = ['withdrawals'];

const page = (request: WithdrawalRequestFilter, cursor?: number) => {
  const query = new URLSearchParams({ request, limit: '25' });
  if (cursor) query.set('cursor', String(cursor));
  return get(
    `${merchantUrl(withdrawalRoutes.listWithdrawals)}?${query.toString()}`,
    withdrawalRoutes.listWithdrawals.answer,
  );
};

/** The shop's declarations, newest first: those without a request (`none`), or all of them. */
export const useWithdrawals = (request: WithdrawalRequestFilter) =>
  useInfiniteQuery({
    queryKey: [...WITHDRAWALS, request],
    queryFn: ({ pageParam }) => page(request, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

/** What the server says of an order for this declaration: its items, email, period and open request. */
export const findOrder = (id: number, orderNumber: string) =>
  get(
    `${merchantUrl(withdrawalRoutes.withdrawalOrder, id)}?${new URLSearchParams({ order_number: orderNumber }).toString()}`,
    withdrawalRoutes.withdrawalOrder.answer,
  );

export const linkToRequest = async (id: number, requestId: number) =>
  (await merchantCall(withdrawalRoutes.linkWithdrawalToRequest, id, { request_id: requestId })).data;

export const linkToOrder = async (id: number, body: LinkWithdrawalToOrderBody) =>
  (await merchantCall(withdrawalRoutes.linkWithdrawalToOrder, id, body)).data;
