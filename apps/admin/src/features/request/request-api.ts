import { merchantUrl, requestRoutes } from '@return-center/contract';
import type { RequestAction } from '@return-center/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, merchantCall } from '../../shared/api';

const key = (id: number) => ['request', id] as const;

/** The request, asked again often while its refund is still being paid out, now and then otherwise. */
export const useRequest = (id: number) =>
  useQuery({
    queryKey: key(id),
    queryFn: () => get(merchantUrl(requestRoutes.get, id), requestRoutes.get.answer),
    refetchInterval: (query) =>
      ['pending', 'processing'].includes(query.state.data?.refund_state ?? '') ? 3000 : 15_000,
  });

/** One action on the request; the page shows the request as the server answers it. */
export function useAction(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: { action: RequestAction; body: object }) =>
      merchantCall(requestRoutes[action], id, body),
    onSuccess: ({ data }) => {
      client.setQueryData(key(id), data);
      void client.invalidateQueries({ queryKey: ['queue'] });
      void client.invalidateQueries({ queryKey: ['queue-counts'] });
    },
  });
}
