import type { calls } from '@return-center/contract';
import { Code } from '@return-center/contract/zod-free';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../shared/http';
import { callRoute } from '../../../shared/http/call-route';

const getReason = callRoute<typeof calls.getReason>('POST', 'v1', 'getReason');

/** getReason: the merchant's return reasons in one language (its hook is useReasons in calls.ts; see order-info-query). */
export const reasonsQuery = (language: string) =>
  queryOptions({
    queryKey: ['reasons', language],
    queryFn: async () => {
      const answer = await http.request(getReason, { lang: language });
      if (answer.code !== Code.Success) throw new Error(answer.msg);
      return answer.data;
    },
    staleTime: 300_000,
  });
