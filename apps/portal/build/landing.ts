/**
 * STORAGE_KEYS.token of the contract, which Vite's config cannot import (it loads workspace packages untranspiled);
 * landing.test.ts holds the two equal.
 */
export const TOKEN_KEY = 'return-token';

/**
 * What a signed-in shopper's page preloads beside the entry (scripts/landing-preload.mjs): the router and the
 * contract's validation on every path, and the orders page on the root (app/router-app.tsx starts that one early too). A
 * signed-out visitor's login page loads none of it.
 */
export const portalLanding = {
  when: `sessionStorage.getItem(${JSON.stringify(TOKEN_KEY)})`,
  // The base path the server names in the page, read as shared/base-path.ts reads it (landing.test.ts holds the
  // two patterns equal).
  base:
    `(function(m){return m&&/^(\\/[\\w-]+)+$/.test(m.content)?m.content:''})` +
    `(document.querySelector('meta[name="return-center-base"]'))`,
  always: ['/src/app/router-app.tsx', '/src/shared/validation.ts'],
  // Step 1's and the status page's own code preloaded as well made them slower (LCP 2.55 → 2.72 s and 2.53 → 2.64 s,
  // 2026-11-27): bytes that share the link with the entry. The orders page's is small, and started early anyway.
  routes: [{ path: /^\/?$/, modules: ['/src/features/orders/components/orders-page.tsx'] }],
};
