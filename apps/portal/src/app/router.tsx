import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, Navigate, Outlet } from 'react-router';
import { isLoggedIn, useSession } from '../shared/session-store';
import { FullPageLoader } from '../shared/ui/loader';
import { Shell } from './shell';

const ComingSoon = lazy(() => import('./coming-soon'));
const RootPage = lazy(() => import('./root-page'));
const flow = (name: string) => lazy(() => import(`../features/return-flow/components/${name}.tsx`));

/** Screens that exist; the other routes of spec §2 show "Coming soon" until their issues land. */
const SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {
  'process/:id': flow('processing-page'),
  'process-manage/select/:id': flow('select-step'),
  'process-manage/solution/:id': flow('solution-step'),
  'process-manage/method/:id': flow('method-step'),
  'process-manage/refund-check/:id': flow('check-step'),
  'exchange-other-goods/:id': lazy(() => import('./exchange-placeholder')),
  'status-manage/return-details/:id?': lazy(() => import('../features/status/components/status-page')),
};

/** A signed-out visitor on any path but the root goes to the root. */
function RequireSession() {
  const loggedIn = useSession(isLoggedIn);
  return loggedIn ? <Outlet /> : <Navigate to="/" replace />;
}

const page = (Component: LazyExoticComponent<ComponentType>) => (
  <Suspense fallback={<FullPageLoader />}>
    <Component />
  </Suspense>
);

/** Every route of spec §2; pages load on demand; anything else goes to the root. */
export const SHOPPER_PATHS = [
  'process/:id',
  'exchange-other-goods/:id',
  'process-manage/select/:id',
  'process-manage/exchange/:id',
  'process-manage/solution/:id',
  'process-manage/method/:id',
  'process-manage/refund-check/:id',
  'process-manage/pickup/:id',
  'status-manage/return-details/:id?',
];

export const router = createBrowserRouter([
  {
    element: <Shell />,
    children: [
      { index: true, element: page(RootPage) },
      {
        element: <RequireSession />,
        children: SHOPPER_PATHS.map((path) => ({ path, element: page(SCREENS[path] ?? ComingSoon) })),
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);
