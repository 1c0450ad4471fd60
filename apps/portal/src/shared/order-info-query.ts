import type { calls } from '@return-center/contract';
import { queryOptions } from '@tanstack/react-query';
import { http } from './http';
import { callRoute } from './http/call-route';
import { dataOf } from './http/data-of';

const orderInfo = callRoute<typeof calls.orderInfo>('POST', 'go', 'orderInfo');

/**
 * orderInfo: one order's returnable and non-returnable lines, one cache entry for every screen that shows them. Apart
 * from its hook (order-info.ts) and by its route rather than the contract's schemas, so that the router starts it
 * while the schemas are still loading (app/first-data.ts); its answer is checked once they have.
 */
export const orderInfoQuery = (orderId: number) =>
  queryOptions({
    queryKey: ['order-info', orderId],
    queryFn: () => dataOf(http.request(orderInfo, { order_id: orderId })),
  });
