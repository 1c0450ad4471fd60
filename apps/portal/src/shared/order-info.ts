import { useQuery } from '@tanstack/react-query';
import { orderInfoQuery } from './order-info-query';

/** orderInfo of one order (order-info-query.ts), for the screens that show its lines. */
export const useOrderInfo = (orderId: number, enabled = true) => useQuery({ ...orderInfoQuery(orderId), enabled });
