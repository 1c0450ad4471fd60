import type { QueryClient } from '@tanstack/react-query';
import { reasonsQuery } from '../features/return-flow/api/reasons-query';
import { returnInfoQuery } from '../features/status/api/return-info';
import { orderInfoQuery } from '../shared/order-info-query';
import { isLoggedIn, useSession } from '../shared/session-store';
import { screenAt, type ScreenPath } from './router';

type Start = (client: QueryClient, id: number, language: string) => void;

// A failed call has told the shopper already (shared/http); the screen shows it, and asks again, when it mounts.
const ask = (promise: Promise<unknown>) => void promise.catch(() => undefined);
const orderInfo: Start = (client, id) => ask(client.query(orderInfoQuery(id)));

/**
 * The calls a screen's first paint waits for, by route path: started as the page loads or the navigation begins,
 * beside the screen's code and the contract's schemas, rather than once that code has loaded and drawn (issue 37:
 * step 1 and the status page waited for their code, then for their answer). The screens read the same cache entries.
 */
const FIRST_DATA: Partial<Record<ScreenPath, Start>> = {
  'process-manage/select/:id': (client, id, language) => {
    orderInfo(client, id, language);
    ask(client.query(reasonsQuery(language)));
  },
  'process-manage/exchange/:id': orderInfo,
  'exchange-other-goods/:id': orderInfo,
  'process-manage/method/:id': orderInfo,
  'process-manage/refund-check/:id': orderInfo,
  'process-manage/pickup/:id': orderInfo,
  'status-manage/return-details/:id?': (client, id, language) => ask(client.query(returnInfoQuery(id, language, true))),
};

/** Starts the first calls of the screen at `pathname` (under the base path), for a signed-in shopper. */
export function startFirstData(client: QueryClient, pathname: string) {
  const session = useSession.getState();
  if (!isLoggedIn(session)) return;
  const at = screenAt(pathname);
  const start = at && FIRST_DATA[at.path];
  const id = Number(at?.params.id);
  if (start && Number.isSafeInteger(id) && id > 0) start(client, id, session.language);
}
