import { PREVIEW_PARAM } from '@return-center/contract/zod-free';
import { StrictMode, Suspense, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { LoginShell } from './app/login-shell';
import { loadable } from './app/loadable';
import { useEmbedding } from './app/use-embedding';
import { portalPath, portalRoot } from './shared/base-path';
import { checkSession, loadConfig, useConfig } from './shared/config-store';
import { embedType, postToParent } from './shared/embed';
import { changeLanguage } from './shared/i18n';
import { readQueryParams, resolveShop } from './shared/query-params';
import { isLoggedIn, useSession } from './shared/session-store';
import { useUi } from './shared/ui-store';
import { FullPageLoader } from './shared/ui/loader';
import './styles.css';

const RouterApp = loadable(() => import('./app/router-app'));
const preloadRouter = () => void RouterApp.load().catch(() => undefined);

function Unavailable() {
  const { t } = useTranslation();
  return (
    <p className="rc-fatal" role="alert">
      {t('app.unavailable')}
    </p>
  );
}

/** Only a signed-out shopper on the root goes without the router: every other path is a route of it. */
const needsRouter = (loggedIn: boolean) => loggedIn || portalPath() !== '/';

/** The login page without the router while signed out on the root; the router from the first sign-in on, for good. */
function Pages() {
  const loggedIn = useSession(isLoggedIn);
  const [routed, setRouted] = useState(() => needsRouter(loggedIn));
  if (loggedIn && !routed) setRouted(true);
  if (!routed) return <LoginShell preloadRouter={preloadRouter} />;
  return (
    <Suspense fallback={<FullPageLoader />}>
      <RouterApp />
    </Suspense>
  );
}

/** Shows the full-page loader until the store configuration has loaded (spec §2). */
function App() {
  const loading = useUi((state) => state.fullScreenLoading);
  const config = useConfig((state) => state.config);
  const failed = useConfig((state) => state.failed);
  useEmbedding(config);
  const loaded = config !== null;
  useEffect(() => {
    if (!loaded) return;
    postToParent({ type: embedType('ready') });
    void checkSession();
  }, [loaded]);
  if (loading || (!config && !failed)) return <FullPageLoader />;
  if (!config) return <Unavailable />;
  return <Pages />;
}

// The router starts loading with the configuration, so that the two do not wait for each other; it starts the first
// screen's code and calls as it loads (app/router-app.tsx).
if (needsRouter(isLoggedIn(useSession.getState()))) preloadRouter();
const params = readQueryParams();
useSession.setState({ shopUrl: resolveShop(), from: params.from });
const language = useSession.getState().language;
void changeLanguage(language);
void loadConfig(resolveShop(), language, params.themeColor, () => window.history.replaceState(null, '', portalRoot));
// The console's settings preview frame (apps/admin) alone loads its listener: the login route does not carry it.
if (new URLSearchParams(window.location.search).has(PREVIEW_PARAM)) void import('./shared/preview');

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
