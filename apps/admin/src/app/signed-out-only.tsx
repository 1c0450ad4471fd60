import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useSearchParams } from 'react-router';
import { useSession, useSessionLanguage } from '../shared/session';
import { Loading } from '../shared/ui/page';

/** Sign-in, reset and invite pages: a signed-in account goes on to where it was headed. */
export function SignedOutOnly() {
  const { t } = useTranslation();
  const { data: session, isPending } = useSession();
  const [params] = useSearchParams();
  useSessionLanguage(session);
  if (isPending) return <Loading label={t('common.loading')} />;
  if (session) {
    const next = params.get('next');
    return <Navigate to={next?.startsWith('/') && !next.startsWith('//') ? next : '/'} replace />;
  }
  return (
    <main id="main" className="signed-out">
      <Outlet />
    </main>
  );
}
