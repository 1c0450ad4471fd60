import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ApiError, whenSignedOut } from '../shared/api';
import { SESSION_KEY, sessionQuery } from '../shared/session';
import { routes } from './routes';

/**
 * The console's server state: a refusal (4xx) is not asked again, and a 401 anywhere means the session ended: back to
 * the sign-in page, nothing cached kept. The session is asked for at once.
 */
export function consoleQueryClient(): QueryClient {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
        refetchOnWindowFocus: true,
      },
    },
  });
  whenSignedOut(() => {
    queryClient.setQueryData(SESSION_KEY, null);
  });
  // Every page waits on the session: asked now, it comes back while the page's own code is still loading.
  queryClient.query(sessionQuery).catch(() => undefined);
  return queryClient;
}

export function App() {
  const [client] = useState(consoleQueryClient);
  const [router] = useState(() => createBrowserRouter(routes, { basename: '/admin' }));
  return (
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
