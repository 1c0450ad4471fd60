import { merchantUrl, requestStaffRoutes, type MerchantRequest } from '@return-center/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, merchantCall } from '../../shared/api';

/** The staff members a request can be assigned to. */
export const useAssignees = () =>
  useQuery({
    queryKey: ['assignees'],
    queryFn: () => get(merchantUrl(requestStaffRoutes.assignees), requestStaffRoutes.assignees.answer),
    staleTime: 60_000,
  });

/** One change on the desk; the page shows the request as the server answers it, the queue is asked again. */
function useDeskChange<B>(id: number, send: (body: B) => Promise<MerchantRequest>) {
  const client = useQueryClient();
  return useMutation<MerchantRequest, Error, B>({
    mutationFn: send,
    onSuccess: (data) => {
      client.setQueryData(['request', id], data);
      void client.invalidateQueries({ queryKey: ['queue'] });
    },
  });
}

export const useAddNote = (id: number) =>
  useDeskChange(id, async (body: { body: string }) => (await merchantCall(requestStaffRoutes.addNote, id, body)).data);
export const useSetTags = (id: number) =>
  useDeskChange(
    id,
    async (body: { tags: string[] }) => (await merchantCall(requestStaffRoutes.setTags, id, body)).data,
  );
export const useSetAssignee = (id: number) =>
  useDeskChange(
    id,
    async (body: { assignee_id: number | null }) => (await merchantCall(requestStaffRoutes.setAssignee, id, body)).data,
  );
