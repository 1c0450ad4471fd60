import { deskRoutes, merchantUrl, type DeskItem } from '@return-center/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { get, merchantCall } from '../api';

/** What an order allows at the desk, by its number (`1001`) and, when given, the shopper's email. */
export function fetchDeskOrder(ref: string, { email, request }: { email?: string; request?: number } = {}) {
  const query = new URLSearchParams({
    ...(email ? { email } : {}),
    ...(request === undefined ? {} : { request: String(request) }),
  }).toString();
  const path = merchantUrl(deskRoutes.deskOrder, encodeURIComponent(ref.trim()));
  return get(query ? `${path}?${query}` : path, deskRoutes.deskOrder.answer);
}

/** The order of a request being changed, with that request's own lines returnable again. */
export const useDeskOrder = (orderNo: string, request: number, enabled: boolean) =>
  useQuery({
    queryKey: ['desk-order', orderNo, request],
    queryFn: () => fetchDeskOrder(orderNo, { request }),
    enabled,
  });

export interface QuoteAsk {
  order_id: number;
  solution_id: number;
  shipping_method_id: number;
  items: DeskItem[];
  /** The request being changed, whose own lines count as returnable again. */
  request?: number;
}

/** The server's money and offers for the lines as chosen so far; nothing is asked before a line is chosen. */
export const useDeskQuote = (ask: QuoteAsk | null) =>
  useQuery({
    queryKey: ['desk-quote', ask],
    queryFn: async () => (await merchantCall(deskRoutes.deskQuote, undefined, ask ?? undefined)).data,
    enabled: ask !== null && ask.items.length > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
