import type { calls, PayloadOf } from '@return-center/contract';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../shared/http';
import { callRoute } from '../../../shared/http/call-route';
import { dataOf } from '../../../shared/http/data-of';

const orderConfig = callRoute<typeof calls.orderConfig>('POST', 'v1', 'orderConfig');

type Lines = PayloadOf<typeof calls.orderConfig>['refund_line_items'];

/**
 * orderConfig: the solutions and methods the server offers for the chosen lines (and solution). By its route, so that
 * the router can start it for steps 2 and 3 (app/first-data.ts); its hook is useOrderConfig in calls.ts.
 */
export const orderConfigQuery = (orderId: number, lines: Lines, solutionId?: number) =>
  queryOptions({
    queryKey: ['order-config', orderId, lines, solutionId],
    queryFn: () =>
      dataOf(
        http.request(orderConfig, {
          order_id: orderId,
          refund_line_items: lines,
          ...(solutionId ? { solution_id: solutionId } : {}),
        }),
      ),
    enabled: lines.length > 0,
  });
