import type { calls } from '@return-center/contract';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../shared/http';
import { callRoute } from '../../../shared/http/call-route';
import { dataOf } from '../../../shared/http/data-of';

const getReason = callRoute<typeof calls.getReason>('POST', 'v1', 'getReason');

/** getReason: the merchant's return reasons in one language (its hook is useReasons in calls.ts; see order-info-query). */
export const reasonsQuery = (language: string) =>
  queryOptions({
    queryKey: ['reasons', language],
    queryFn: () => dataOf(http.request(getReason, { lang: language })),
    staleTime: 300_000,
  });
