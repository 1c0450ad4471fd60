import '../shared/csp';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { createRouter } from './router';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});
let router: ReturnType<typeof createRouter> | null = null;
/** Made on first show, not when this module loads (the login page may load it early): it starts at the URL then. */
const appRouter = () => (router ??= createRouter());

/** Every screen of spec §2 behind the router, server state in TanStack Query: all that the signed-out root goes without. */
export default function RouterApp() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={appRouter()} />
    </QueryClientProvider>
  );
}
