import '../shared/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactElement, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { SHOPPER_PATHS } from '../app/router';
import { useSession } from '../shared/session-store';
import { useUi } from '../shared/ui-store';
import { Toaster } from '../shared/ui/toaster';
import { createFakeApi } from './fake-api';

// findBy…/waitFor wait for what a shopper would see; a busy CI machine must not turn a slow render into a failure.
configure({ asyncUtilTimeout: 7000 });

/**
 * Registers the per-test set-up of a portal component test: a fresh fake network, a signed-in session in English,
 * empty storage and toasts; afterwards unmounts and checks that no unexpected request went out.
 */
export function setUpPortalTests() {
  const api = createFakeApi();
  beforeEach(() => {
    api.reset();
    vi.stubGlobal('fetch', api.fetch);
    vi.stubGlobal('XMLHttpRequest', api.XMLHttpRequest);
    window.localStorage.clear();
    window.sessionStorage.clear();
    useSession.setState({ token: 'test-token', language: 'en', from: 2 });
    useUi.setState({ toasts: [], errorNotices: {}, overlayCount: 0 });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    expect(api.unexpected, 'requests nobody stubbed').toEqual([]);
  });
  return api;
}

/** The app's query client settings, without retries. */
export const testQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

function Providers({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? testQueryClient());
  return (
    <QueryClientProvider client={client}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}

/** Any other route: shows where the shopper ended up. */
function Elsewhere() {
  return <p data-testid="elsewhere">{useLocation().pathname}</p>;
}

/**
 * Renders `element` on one of the app's real routes (e.g. 'process-manage/select/:id') at `url`, with a query client
 * of its own or `queryClient`.
 */
export function renderRoute(path: string, url: string, element: ReactElement, queryClient?: QueryClient) {
  if (!SHOPPER_PATHS.includes(path)) throw new Error(`${path} is not a route of the app`);
  const router = createMemoryRouter(
    [
      { path: `/${path}`, element },
      { path: '*', element: <Elsewhere /> },
    ],
    { initialEntries: [url] },
  );
  const user = userEvent.setup();
  render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { user, router };
}

/** Renders a component outside any route (dialogs, the uploader), with toasts. */
export function renderPlain(element: ReactElement, userOptions?: Parameters<typeof userEvent.setup>[0]) {
  const user = userEvent.setup(userOptions);
  render(<Providers>{element}</Providers>);
  return { user };
}

/** The path the shopper was sent to, once they left the rendered route. */
export const landedOn = async () => (await screen.findByTestId('elsewhere')).textContent;

/** The text of every toast on screen. */
export const toasts = () => Array.from(document.querySelectorAll('.rc-toast span'), (node) => node.textContent);
