import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ApiError, whenSignedOut } from '../shared/api';
import { applyLanguage, browserLocale } from '../shared/i18n';
import { SESSION_KEY, useSession } from '../shared/session';
import { routes } from './routes';

/**
 * The console's server state: a refusal (4xx) is not asked again, and a 401 anywhere means the session ended: back to
 * the sign-in page, nothing cached kept.
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
  return queryClient;
}

/** The console speaks the signed-in member's language, or the browser's until someone signs in (issue 33). */
function FollowLanguage() {
  const { data: session } = useSession();
  const language = session?.account.language ?? browserLocale();
  useEffect(() => {
    void applyLanguage(language);
  }, [language]);
  return null;
}

export function App() {
  const [client] = useState(consoleQueryClient);
  const [router] = useState(() => createBrowserRouter(routes, { basename: '/admin' }));
  return (
    <QueryClientProvider client={client}>
      <FollowLanguage />
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
