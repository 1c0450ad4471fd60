// @vitest-environment jsdom
import { STORAGE_KEYS } from '@return-center/contract/zod-free';
import { afterEach, describe, expect, it } from 'vitest';
import type { Rolldown } from 'vite';
import { preloadScript, signedInChunks, TOKEN_KEY } from './signed-in-preload';

const chunk = (fileName: string, imports: string[], facadeModuleId: string | null = null) =>
  ({ type: 'chunk', fileName, imports, facadeModuleId }) as unknown as Rolldown.OutputChunk;

/** Runs the page's preload script as the browser would, at `path` of a portal served under `/apps/returns`. */
function runInPage(script: string, path: string) {
  document.head.innerHTML =
    '<meta name="return-center-base" content="/apps/returns">' +
    '<script type="module" src="/apps/returns/assets/index-E.js"></script>';
  window.history.replaceState(null, '', `/apps/returns${path}`);
  const inline = document.createElement('script');
  inline.nonce = 'n0nce';
  document.head.append(inline);
  Object.defineProperty(document, 'currentScript', { configurable: true, get: () => inline });
  // eslint-disable-next-line @typescript-eslint/no-implied-eval, @typescript-eslint/no-unsafe-call -- the very text the page carries
  new Function(script)();
  return [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => ({
    href: link.href.replace('http://localhost:3000', ''),
    nonce: link.nonce,
  }));
}

describe("the signed-in pages' code, preloaded with the page", () => {
  afterEach(() => sessionStorage.clear());

  it('names the chunks the signed-in pages need beyond the entry, and their imports, once each', () => {
    const entry = chunk('assets/index-E.js', ['assets/react-R.js']);
    const bundle = Object.fromEntries(
      [
        entry,
        chunk('assets/react-R.js', []),
        chunk(
          'assets/router-app-A.js',
          ['assets/index-E.js', 'assets/router-B.js', 'assets/query-Q.js'],
          '/repo/apps/portal/src/app/router-app.tsx',
        ),
        chunk('assets/router-B.js', ['assets/react-R.js']),
        chunk('assets/query-Q.js', []),
        chunk(
          'assets/validation-V.js',
          ['assets/zod-Z.js', 'assets/query-Q.js'],
          '/repo/apps/portal/src/shared/validation.ts',
        ),
        chunk('assets/zod-Z.js', []),
        chunk('assets/status-page-S.js', ['assets/router-B.js']),
      ].map((file) => [file.fileName, file]),
    );
    expect(signedInChunks(bundle, entry, ['/src/app/router-app.tsx', '/src/shared/validation.ts'])).toEqual([
      'assets/query-Q.js',
      'assets/router-B.js',
      'assets/router-app-A.js',
      'assets/validation-V.js',
      'assets/zod-Z.js',
    ]);
    expect(() => signedInChunks(bundle, entry, ['/src/app/gone.tsx'])).toThrow(/no chunk starts at/);
  });

  it('preloads them beside the entry, under its path and with the page nonce, for a shopper signed in in this tab', () => {
    sessionStorage.setItem(STORAGE_KEYS.token, 'a-token');
    const script = preloadScript(['assets/router-app-A.js', 'assets/zod-Z.js'], ['assets/orders-page-O.js']);
    const router = { href: '/apps/returns/assets/router-app-A.js', nonce: 'n0nce' };
    const zod = { href: '/apps/returns/assets/zod-Z.js', nonce: 'n0nce' };
    expect(runInPage(script, '/status-manage/return-details/5')).toEqual([router, zod]);
    // The root is the orders page for a signed-in shopper: its code as well.
    const orders = { href: '/apps/returns/assets/orders-page-O.js', nonce: 'n0nce' };
    expect(runInPage(script, '/')).toEqual([router, zod, orders]);
    expect(runInPage(script, '')).toEqual([router, zod, orders]);
  });

  it('preloads nothing for a signed-out visitor, whose login page needs none of it', () => {
    expect(runInPage(preloadScript(['assets/router-app-A.js'], ['assets/orders-page-O.js']), '/')).toEqual([]);
  });

  it("reads the session where the portal keeps it (the contract's key)", () => {
    expect(TOKEN_KEY).toBe(STORAGE_KEYS.token);
  });
});
