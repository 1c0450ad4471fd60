import type { calls, PayloadOf } from '@return-center/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from './http';
import { callRoute } from './http/call-route';
import { dataOf } from './http/data-of';

type Lines = PayloadOf<typeof calls.getReturnMoney>['refund_line_items'];

const getReturnMoney = callRoute<typeof calls.getReturnMoney>('POST', 'v1', 'getReturnMoney');

/**
 * getReturnMoney: the refund the server computes from the order, one cache entry for each choice (the check step and
 * the summary beside the steps share theirs). By its route, so that the router can start it (app/first-data.ts).
 */
export const returnMoneyQuery = (
  orderId: number,
  lines: Lines,
  solutionId: number | null,
  shippingMethodId: number | null,
) =>
  queryOptions({
    queryKey: ['return-money', orderId, lines, solutionId, shippingMethodId],
    queryFn: () =>
      dataOf(
        http.request(getReturnMoney, {
          order_id: orderId,
          refund_line_items: lines,
          solution_id: solutionId ?? 1,
          ...(shippingMethodId ? { shipping_method_id: shippingMethodId } : {}),
        }),
      ),
    enabled: lines.length > 0 && solutionId !== null,
  });

export const useReturnMoney = (...choice: Parameters<typeof returnMoneyQuery>) => useQuery(returnMoneyQuery(...choice));
