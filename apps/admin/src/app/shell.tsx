import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { consoleCall } from '../shared/api';
import { useSession, useSessionLanguage, useSetSession } from '../shared/session';
import { Loading } from '../shared/ui/page';

/** The signed-in frame: a skip link, the shop's name, the navigation, and the page. Signed out → the sign-in page. */
export function Shell() {
  const { t } = useTranslation();
  const { data: session, isPending, isError } = useSession();
  const setSession = useSetSession();
  const location = useLocation();
  useSessionLanguage(session);
  if (isPending) return <Loading label={t('common.loading')} />;
  if (isError || !session) {
    const next = location.pathname + location.search;
    return <Navigate to={`/sign-in${next === '/' ? '' : `?next=${encodeURIComponent(next)}`}`} replace />;
  }
  const owner = session.account.role === 'owner';
  const links: [string, string][] = [
    ['/', t('nav.requests')],
    ['/withdrawals', t('nav.withdrawals')],
    ['/new-return', t('nav.newReturn')],
    ['/analytics', t('nav.analytics')],
    ['/rules', t('nav.rules')],
    ['/webhooks', t('nav.webhooks')],
    ['/emails', t('nav.emails')],
    ...(owner
      ? ([
          ['/settings', t('nav.settings')],
          ['/keys', t('nav.keys')],
          ['/staff', t('nav.staff')],
        ] as [string, string][])
      : []),
    ['/account', t('nav.account')],
  ];
  const signOut = async () => {
    await consoleCall('signOut').catch(() => undefined);
    setSession(null);
  };
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('nav.skip')}
      </a>
      <header className="topbar">
        <p className="brand">
          <span>{session.shop.name}</span> <span className="muted">{t('app.deskName')}</span>
        </p>
        <nav aria-label={t('nav.label')}>
          <ul>
            {links.map(([to, label]) => (
              <li key={to}>
                <NavLink to={to} end={to === '/'}>
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="who">
          <span className="muted">{session.account.email}</span>
          <button type="button" className="button secondary small" onClick={() => void signOut()}>
            {t('nav.signOut')}
          </button>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
