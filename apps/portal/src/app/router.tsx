import { Suspense, useEffect, type ComponentType } from 'react';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { createBrowserRouter, matchPath, Navigate, Outlet } from 'react-router';
import { basePath } from '../shared/base-path';
import { isLoggedIn, useSession } from '../shared/session-store';
import { FullPageLoader } from '../shared/ui/loader';
import { afterFirstView } from './after-first-view';
import { loadable } from './loadable';
import { OrdersPage } from './orders-page';
import RootPage from './root-page';
import { Shell } from './shell';

type Screen = ReturnType<typeof loadable>;
const screens: Screen[] = [];
/** A page that loads on demand, and that `preloadPages` can fetch ahead of time. */
const onDemand = (load: Parameters<typeof loadable>[0]) => {
  const screen = loadable(load);
  screens.push(screen);
  return screen;
};

/** Every route of spec §2 with its screen; pages load on demand; anything else goes to the root. */
const SCREENS = {
  // Each import names its file: a pattern would also build the test files beside them into the portal.
  'process/:id': onDemand(() => import('../features/return-flow/components/processing-page')),
  'process-manage/select/:id': onDemand(() => import('../features/return-flow/components/select-step')),
  'process-manage/solution/:id': onDemand(() => import('../features/return-flow/components/solution-step')),
  'process-manage/exchange/:id': onDemand(() => import('../features/exchange/components/exchange-page')),
  'process-manage/method/:id': onDemand(() => import('../features/return-flow/components/method-step')),
  'process-manage/refund-check/:id': onDemand(() => import('../features/return-flow/components/check-step')),
  'process-manage/pickup/:id': onDemand(() => import('../features/pickup/components/pickup-page')),
  'exchange-other-goods/:id': onDemand(() => import('../features/exchange/components/catalogue-page')),
  'status-manage/return-details/:id?': onDemand(() => import('../features/status/components/status-page')),
} satisfies Record<string, Screen>;

/** The path of a screen behind a session, as its route names it. */
export type ScreenPath = keyof typeof SCREENS;

/** The screen route at `pathname` (under the base path), with its parameters; null for any other path. */
export function screenAt(pathname: string) {
  for (const path of Object.keys(SCREENS) as ScreenPath[]) {
    const match = matchPath(`/${path}`, pathname);
    if (match) return { path, params: match.params };
  }
  return null;
}

/** Starts loading the code of the screen at `pathname` (under the base path), so that it draws at once. */
export function loadScreenAt(pathname: string) {
  const at = screenAt(pathname);
  const screen = pathname === '/' ? OrdersPage : at && SCREENS[at.path];
  void screen?.load().catch(() => undefined);
}

/**
 * Once signed in, the journey's pages are fetched while the browser is idle, so that moving on (and reaching the
 * status page after a submit) does not wait for the network. They wait for the first page's data and its images, and
 * for that view to be shown: fetched earlier, on a slow phone link they would share its bandwidth and main thread. A
 * page that fails to preload loads on demand.
 */
function usePreloadPages(loggedIn: boolean) {
  const client = useQueryClient();
  const fetching = useIsFetching() > 0;
  const pageHasData = client.getQueryCache().getAll().length > 0;
  useEffect(() => {
    if (!loggedIn || fetching || !pageHasData) return;
    return afterFirstView(() => screens.forEach((screen) => void screen.load().catch(() => undefined)));
  }, [loggedIn, fetching, pageHasData]);
}

function Frame() {
  usePreloadPages(useSession(isLoggedIn));
  return <Shell />;
}

/** A signed-out visitor on any path but the root goes to the root. */
function RequireSession() {
  const loggedIn = useSession(isLoggedIn);
  return loggedIn ? <Outlet /> : <Navigate to="/" replace />;
}

// A page whose texts are still loading (react-i18next suspends) shows the loader in the page's place.
const page = (Component: ComponentType) => (
  <Suspense fallback={<FullPageLoader />}>
    <Component />
  </Suspense>
);

/** Pages anyone may open, signed in or not: the shop's accessibility statement (ADR 043). */
const PUBLIC_SCREENS = {
  accessibility: loadable(() => import('../features/accessibility/components/statement-page')),
} satisfies Record<string, Screen>;

export const SHOPPER_PATHS = [...Object.keys(SCREENS), ...Object.keys(PUBLIC_SCREENS)];

/** The EU withdrawal function (ADR 046): open to everyone, signed in or not, at a stable address a shop can link. */
const WithdrawalPage = loadable(() => import('../features/withdrawal/components/withdrawal-page'));

/** The app's router: it reads the URL and follows the history from when it is made. */
export const createRouter = () =>
  createBrowserRouter(
    [
      {
        element: <Frame />,
        children: [
          { index: true, element: page(RootPage) },
          ...Object.entries(PUBLIC_SCREENS).map(([path, screen]) => ({ path, element: page(screen) })),
          { path: 'withdraw', element: page(WithdrawalPage) },
          {
            element: <RequireSession />,
            children: Object.entries(SCREENS).map(([path, screen]) => ({ path, element: page(screen) })),
          },
          { path: '*', element: <Navigate to="/" replace /> },
        ],
      },
    ],
    { basename: basePath || undefined },
  );
