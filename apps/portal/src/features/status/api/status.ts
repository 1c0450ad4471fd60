import {
  calls,
  type CheckInfo,
  Code,
  type PayloadOf,
  POLL_FIRST_DELAY,
  POLL_LATER_DELAY,
  POLL_MAX_ATTEMPTS,
} from '@return-center/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { http } from '../../../shared/http';
import { dataOf } from '../../../shared/http/data-of';
import { useSession } from '../../../shared/session-store';
import { returnInfoQuery } from './return-info';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The request's detail from returnInfo (spec §7), then refundCheck polling (spec §4): its first result is always
 * shown; while the server says the workflow continues, re-query up to 20 attempts in all, 2 s after the first and
 * 3 s after later ones, showing a later result only when the server says apply.
 */
export function useRequestDetail(requestId: number, refreshKey: number) {
  const language = useSession((state) => state.language);
  const client = useQueryClient();
  const [detail, setDetail] = useState<CheckInfo | null>(null);
  const [polling, setPolling] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    // Aborted when the request, the refresh key or the language changes, or the page goes: that run stops.
    const run = new AbortController();
    const stopped = () => run.signal.aborted;
    // Every request ends in .catch(); the rest only sets state.
    const load = async () => {
      setPolling(true);
      // The first read takes the answer the navigation started (app/first-data.ts); a refresh asks anew.
      const info = await client.query(returnInfoQuery(requestId, language, refreshKey > 0)).catch(() => null);
      if (stopped()) return;
      if (info?.code === Code.Success) setDetail(info.data);
      else {
        if (info) setError(info.msg);
        setPolling(false);
        return;
      }
      for (let attempt = 1; attempt <= POLL_MAX_ATTEMPTS && !stopped(); attempt++) {
        const answer = await http.request(calls.refundCheck, { id: requestId, code: language }).catch(() => null);
        if (stopped()) return;
        if (!answer || answer.code !== Code.Success) {
          if (answer) setError(answer.msg);
          break;
        }
        if (attempt === 1 || answer.data.work_flow_refresh.apply) setDetail(answer.data.detail);
        if (!answer.data.work_flow_refresh.continue) break;
        await wait(attempt === 1 ? POLL_FIRST_DELAY : POLL_LATER_DELAY);
      }
      if (!stopped()) setPolling(false);
    };
    void load();
    return () => {
      run.abort();
    };
  }, [requestId, refreshKey, language, client]);
  return { detail, polling, error };
}

/** orderReturnList: the newest request of the session's orders, for the page without an id. */
export const useLatestRequest = (enabled: boolean) =>
  useQuery({
    queryKey: ['return-list'],
    enabled,
    queryFn: async () => (await dataOf(http.request(calls.orderReturnList, {}))).list[0] ?? null,
  });

export const useCarriers = () =>
  useQuery({
    queryKey: ['carriers'],
    staleTime: 300_000,
    queryFn: async () => {
      const answer = await http.request(calls.shippingCarrier, { search: '' });
      return answer.code === Code.Success ? answer.data.list : [];
    },
  });

export const addTracking = (payload: PayloadOf<typeof calls.addTracking>) =>
  http.request(calls.addTracking, payload, { quiet: true });
