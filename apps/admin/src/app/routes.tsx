import { useTranslation } from 'react-i18next';
import type { RouteObject } from 'react-router';
import { withEnglishOf } from '../shared/i18n';
import { Loading } from '../shared/ui/page';
import { Shell } from './shell';
import { SignedOutOnly } from './signed-out-only';

const page = (load: () => Promise<{ Component: React.ComponentType }>) => ({ lazy: load });

/** What the page shows while the first screen's code loads (React Router renders nothing there otherwise). */
function StartingUp() {
  const { t } = useTranslation();
  return <Loading label={t('common.loading')} />;
}

/** Every console screen; each loads with its first visit. */
export const routes: RouteObject[] = [
  {
    element: <SignedOutOnly />,
    HydrateFallback: StartingUp,
    children: [
      { path: 'sign-in', ...page(() => import('../features/sign-in/sign-in-page')) },
      { path: 'forgot', ...page(() => import('../features/sign-in/forgot-page')) },
      { path: 'reset', ...page(() => import('../features/sign-in/reset-page')) },
      { path: 'invite', ...page(() => import('../features/sign-in/invite-page')) },
    ],
  },
  {
    element: <Shell />,
    HydrateFallback: StartingUp,
    children: [
      { index: true, ...page(() => import('../features/queue/queue-page')) },
      { path: 'requests/:id', ...page(() => import('../features/request/request-page')) },
      { path: 'withdrawals', ...page(() => import('../features/withdrawals/withdrawals-page')) },
      { path: 'new-return', ...page(() => import('../features/new-return/new-return-page')) },
      { path: 'settings', ...page(() => withEnglishOf(['settings'], import('../features/settings/settings-page'))) },
      { path: 'rules', ...page(() => withEnglishOf(['rules', 'settings'], import('../features/rules/rules-page'))) },
      {
        path: 'analytics',
        ...page(() => withEnglishOf(['analytics'], import('../features/analytics/analytics-page'))),
      },
      { path: 'keys', ...page(() => withEnglishOf(['keys'], import('../features/keys/keys-page'))) },
      { path: 'webhooks', ...page(() => withEnglishOf(['webhooks'], import('../features/webhooks/webhooks-page'))) },
      { path: 'emails', ...page(() => withEnglishOf(['emails'], import('../features/emails/emails-page'))) },
      { path: 'staff', ...page(() => withEnglishOf(['staff'], import('../features/staff/staff-page'))) },
      { path: 'account', ...page(() => withEnglishOf(['account'], import('../features/account/account-page'))) },
      { path: '*', ...page(() => import('./not-found-page')) },
    ],
  },
];
