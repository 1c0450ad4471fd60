// @vitest-environment jsdom
import { STORAGE_KEYS } from '@return-center/contract/zod-free';
import { afterEach, describe, expect, it } from 'vitest';
import type { Rolldown } from 'vite';
import { chunksOf, preloadScript } from '../../../scripts/landing-preload.mjs';
import { BASE_PATH_PATTERN } from '../src/shared/base-path';
import { portalLanding, TOKEN_KEY } from './landing';

const chunk = (fileName: string, imports: string[], facadeModuleId: string | null = null) =>
  ({ type: 'chunk', fileName, imports, facadeModuleId }) as unknown as Rolldown.OutputChunk;

/** Runs the page's preload script as the browser would, at `path` of a portal served under `/apps/returns`. */
function runInPage(script: string, path: string) {
  document.head.innerHTML = '<meta name="return-center-base" content="/apps/returns">';
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

describe('the first screen’s code, preloaded with the page', () => {
  afterEach(() => sessionStorage.clear());

  it('names the chunks of the modules asked for and their imports, once each, less what the entry loads', () => {
    const entry = chunk('assets/index-E.js', ['assets/react-R.js']);
    const files = [
      entry,
      chunk('assets/react-R.js', []),
      chunk('assets/router-app-A.js', ['assets/index-E.js', 'assets/router-B.js', 'assets/query-Q.js'], '/r/app.tsx'),
      chunk('assets/router-B.js', ['assets/react-R.js']),
      chunk('assets/query-Q.js', []),
      chunk('assets/validation-V.js', ['assets/zod-Z.js', 'assets/query-Q.js'], '/r/validation.ts'),
      chunk('assets/zod-Z.js', []),
      chunk('assets/status-page-S.js', ['assets/router-B.js'], '/r/status-page.tsx'),
    ];
    const bundle = Object.fromEntries(files.map((file) => [file.fileName, file]));
    expect(chunksOf(bundle, entry, ['/app.tsx', '/validation.ts'])).toEqual([
      'assets/query-Q.js',
      'assets/router-B.js',
      'assets/router-app-A.js',
      'assets/validation-V.js',
      'assets/zod-Z.js',
    ]);
    expect(() => chunksOf(bundle, entry, ['/gone.tsx'])).toThrow(/no chunk starts at/);
  });

  it('preloads the signed-in code under the page’s base path with its nonce, and the orders page on the root', () => {
    sessionStorage.setItem(STORAGE_KEYS.token, 'a-token');
    const script = preloadScript({
      ...portalLanding,
      always: ['assets/router-app-A.js', 'assets/zod-Z.js'],
      routes: portalLanding.routes.map(({ path }, index) => ({ path, files: [`assets/page-${index}.js`] })),
    });
    const link = (file: string) => ({ href: `/apps/returns/assets/${file}`, nonce: 'n0nce' });
    const common = [link('router-app-A.js'), link('zod-Z.js')];
    expect(runInPage(script, '/')).toEqual([...common, link('page-0.js')]);
    expect(runInPage(script, '')).toEqual([...common, link('page-0.js')]);
    expect(runInPage(script, '/status-manage/return-details/5')).toEqual(common);
  });

  it('preloads nothing for a signed-out visitor, whose login page needs none of it', () => {
    const script = preloadScript({ ...portalLanding, always: ['assets/router-app-A.js'], routes: [] });
    expect(runInPage(script, '/')).toEqual([]);
  });

  it("reads the session where the portal keeps it (the contract's key)", () => {
    expect(TOKEN_KEY).toBe(STORAGE_KEYS.token);
  });

  it('accepts the base paths the portal accepts, and no other', () => {
    expect(portalLanding.base).toContain(`/${BASE_PATH_PATTERN.source}/.test(`);
  });
});
