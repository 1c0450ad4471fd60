import '../shared/i18n';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { consoleQueryClient } from '../app/app';
import { routes } from '../app/routes';
import { createFakeServer } from './fake-server';

// findBy…/waitFor wait for what a merchant would see; a busy CI machine must not turn a slow render into a failure.
configure({ asyncUtilTimeout: 7000 });

/**
 * jsdom has no modal <dialog> yet: showModal and close as the browser's do for what a test looks at (the dialog is
 * open or not, closing fires `close`). Focus trapping and Escape are the browser's; the e2e specs cover them.
 */
function provideDialog() {
  const proto = HTMLDialogElement.prototype as Partial<HTMLDialogElement>;
  if (typeof proto.showModal === 'function') return;
  proto.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  proto.close = function (this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}

/** jsdom has no media queries: a `(min-width: Npx)` query matches up to jsdom's window width (1024), as a desktop. */
function provideMatchMedia() {
  if (typeof window.matchMedia === 'function') return;
  window.matchMedia = (query: string) =>
    ({
      matches: Number(/min-width:\s*(\d+)px/.exec(query)?.[1] ?? Infinity) <= window.innerWidth,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as unknown as MediaQueryList;
}

/** jsdom lays nothing out, so there is nothing to scroll: scrolling to an element is a no-op there. */
function provideScrolling() {
  if (typeof Element.prototype.scrollIntoView !== 'function') Element.prototype.scrollIntoView = () => undefined;
}

/**
 * jsdom draws nothing: a canvas gives no context, as a browser without canvas support would, without jsdom's
 * "not implemented" error. The charts' figures are still on the page, in their data tables.
 */
function provideCanvas() {
  HTMLCanvasElement.prototype.getContext = () => null;
}

/**
 * Registers the per-test set-up of a console DOM test: a fresh fake server at the network; afterwards unmounts and
 * checks that no request went out that nobody expected.
 */
export function setUpConsoleTests() {
  const server = createFakeServer();
  provideDialog();
  provideMatchMedia();
  provideScrolling();
  provideCanvas();
  beforeEach(() => {
    server.reset();
    vi.stubGlobal('fetch', server.fetch);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    expect(server.unexpected, 'requests nobody stubbed').toEqual([]);
  });
  return server;
}

/** The whole console (its real routes, shell and query client) at `url`, as a merchant opens it. */
export function renderConsole(url: string) {
  const client = consoleQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, refetchOnWindowFocus: false } });
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { user, router };
}
