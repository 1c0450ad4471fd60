import type { calls } from '@return-center/contract';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../shared/http';
import { callRoute } from '../../../shared/http/call-route';

const returnInfo = callRoute<typeof calls.returnInfo>('POST', 'v1', 'returnInfo');

/**
 * How old an answer the status page's first read takes: the one its own navigation started (app/first-data.ts) a
 * moment earlier. A refresh, and a navigation, always ask anew.
 */
const STARTED_BY_THE_NAVIGATION_MS = 5_000;

/** returnInfo: one request's detail in a language, the answer as the server gave it (its code included; see order-info-query). */
export const returnInfoQuery = (requestId: number, language: string, fresh: boolean) =>
  queryOptions({
    queryKey: ['return-info', requestId, language],
    queryFn: () => http.request(returnInfo, { request_id: requestId, code: language }),
    staleTime: fresh ? 0 : STARTED_BY_THE_NAVIGATION_MS,
  });
