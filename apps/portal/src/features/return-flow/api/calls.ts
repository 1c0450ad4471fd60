import { calls, type PayloadOf } from '@return-center/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http';
import { dataOf } from '../../../shared/http/data-of';
import { useSession } from '../../../shared/session-store';
import { reasonsQuery } from './reasons-query';

/** getReason (reasons-query.ts), asked again when the language changes. */
export const useReasons = () => {
  const language = useSession((state) => state.language);
  return useQuery({
    ...reasonsQuery(language),
    // The previous language's reasons stay on screen (and an open reason dialog stays open) until the new ones come.
    placeholderData: keepPreviousData,
  });
};

type Lines = PayloadOf<typeof calls.orderConfig>['refund_line_items'];

/** orderConfig: solutions and methods for the chosen lines (and solution). */
export const useOrderConfig = (orderId: number, lines: Lines, solutionId?: number) =>
  useQuery({
    queryKey: ['order-config', orderId, lines, solutionId],
    queryFn: () =>
      dataOf(
        http.request(calls.orderConfig, {
          order_id: orderId,
          refund_line_items: lines,
          ...(solutionId ? { solution_id: solutionId } : {}),
        }),
      ),
    enabled: lines.length > 0,
  });

/** setReturnOrder: the answer code decides where the shopper goes next. */
export const submitReturn = (payload: PayloadOf<typeof calls.setReturnOrder>) =>
  http.request(calls.setReturnOrder, payload, { quiet: true });
