import { readFileSync } from 'node:fs';
import { consolePath } from '@return-center/contract';
import { describe, expect, it } from 'vitest';
import { consoleLanding } from './landing';

/** The modules the console's page preloads when it opens on `path` (below /admin). */
const preloadedAt = (path: string) =>
  consoleLanding.routes.filter((route) => route.path.test(path)).flatMap((route) => route.modules);

describe("the console's first screen, preloaded with the page", () => {
  it('is the queue on the console’s home, and the request page on a request', () => {
    expect(preloadedAt('')).toEqual(['/src/features/queue/queue-page.tsx']);
    expect(preloadedAt('/')).toEqual(['/src/features/queue/queue-page.tsx']);
    expect(preloadedAt('/requests/42')).toEqual(['/src/features/request/request-page.tsx']);
  });

  it('is nothing on the other pages, which load their own code on demand', () => {
    expect(preloadedAt('/settings')).toEqual([]);
    expect(preloadedAt('/requests/42/edit')).toEqual([]);
    expect(preloadedAt('/sign-in')).toEqual([]);
  });

  it("preloads the session call the console makes first, at the contract's path (index.html cannot import it)", () => {
    const page = readFileSync(new URL('../index.html', import.meta.url), 'utf8');
    const preloaded = /<link rel="preload" href="([^"]+)" as="fetch"/.exec(page)?.[1];
    expect(preloaded).toBe(consolePath('session'));
  });
});
