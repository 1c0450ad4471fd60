import { calls, type PayloadOf } from '@return-center/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http';
import { useSession } from '../../../shared/session-store';
import { orderConfigQuery } from './order-config-query';
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

/** orderConfig (order-config-query.ts): solutions and methods for the chosen lines (and solution). */
export const useOrderConfig = (...choice: Parameters<typeof orderConfigQuery>) => useQuery(orderConfigQuery(...choice));

/** setReturnOrder: the answer code decides where the shopper goes next. */
export const submitReturn = (payload: PayloadOf<typeof calls.setReturnOrder>) =>
  http.request(calls.setReturnOrder, payload, { quiet: true });
