import { consolePath, consoleRoutes, merchantUrl, requestRoutes } from '@return-center/contract';
import type { RequestAction } from '@return-center/domain';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { get, merchantCall } from '../../shared/api';
import { listQuery, type QueueFilters } from './queue-filters';

/** New requests show up without a reload: the queue and its counts are asked again this often. */
export const QUEUE_REFRESH_MS = 10_000;

const listAnswer = requestRoutes.list.answer;
export type QueueRow = ReturnType<typeof listAnswer.parse>['items'][number];

const page = (filters: QueueFilters, cursor?: number, limit?: number) =>
  get(`${merchantUrl(requestRoutes.list)}?${listQuery(filters, cursor, limit)}`, listAnswer);

export const useQueue = (filters: QueueFilters) =>
  useInfiniteQuery({
    queryKey: ['queue', filters],
    queryFn: ({ pageParam }) => page(filters, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    refetchInterval: QUEUE_REFRESH_MS,
  });

export const useRequestCounts = () =>
  useQuery({
    queryKey: ['queue-counts'],
    queryFn: () => get(consolePath('requestCounts'), consoleRoutes.requestCounts.answer),
    refetchInterval: QUEUE_REFRESH_MS,
  });

export const runAction = (id: number, action: RequestAction, body: object = {}) =>
  merchantCall(requestRoutes[action], id, body);
