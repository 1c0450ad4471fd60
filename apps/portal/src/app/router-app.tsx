import '../shared/csp';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { portalPath } from '../shared/base-path';
import { isLoggedIn, useSession } from '../shared/session-store';
import { startFirstData } from './first-data';
import { createQueryClient } from './query-client';
import { createRouter, loadScreenAt } from './router';

const queryClient = createQueryClient();
let router: ReturnType<typeof createRouter> | null = null;
/** Made on first show, not when this module loads (the login page may load it early): it starts at the URL then. */
const appRouter = () => {
  if (router) return router;
  router = createRouter();
  let location = router.state.location;
  router.subscribe((state) => {
    if (state.location.pathname !== location.pathname) startFirstData(queryClient, state.location.pathname);
    location = state.location;
  });
  return router;
};

// A signed-in shopper's first screen asks for its data and loads its code as this module loads (main.tsx loads it with
// the page), beside the contract's schemas and the shop's configuration, not once the router has drawn it after them;
// each later screen asks for its data as its navigation begins.
startFirstData(queryClient, portalPath());
if (isLoggedIn(useSession.getState())) loadScreenAt(portalPath());

/** Every screen of spec §2 behind the router, server state in TanStack Query: all that the signed-out root goes without. */
export default function RouterApp() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={appRouter()} />
    </QueryClientProvider>
  );
}
