import './shared/csp';
import { present } from '@return-center/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { preloadRootPage } from './app/root-page';
import { router } from './app/router';
import { useEmbedding } from './app/use-embedding';
import { checkSession, loadConfig, useConfig } from './shared/config-store';
import { embedType, postToParent } from './shared/embed';
import { changeLanguage } from './shared/i18n';
import { readQueryParams, resolveShop } from './shared/query-params';
import { useSession } from './shared/session-store';
import { useUi } from './shared/ui-store';
import { FullPageLoader } from './shared/ui/loader';
import './styles.css';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

function Unavailable() {
  const { t } = useTranslation();
  return (
    <p className="rc-fatal" role="alert">
      {t('app.unavailable')}
    </p>
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
  return <RouterProvider router={router} />;
}

if (window.location.pathname === '/') preloadRootPage();
const params = readQueryParams();
useSession.setState({ shopUrl: resolveShop(), from: params.from });
const language = useSession.getState().language;
void changeLanguage(language);
void loadConfig(resolveShop(), language, params.themeColor, () => window.history.replaceState(null, '', '/'));

createRoot(present(document.getElementById('root'), 'The #root element')).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>
  </StrictMode>,
);
