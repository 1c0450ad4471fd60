/**
 * What the console's page preloads beside its entry (scripts/landing-preload.mjs): the code of the queue, or of a
 * request, when the page opens on one; every other page loads its own when the router asks.
 */
export const consoleLanding = {
  when: 'true',
  base: "'/admin'",
  always: [],
  routes: [
    { path: /^\/?$/, modules: ['/src/features/queue/queue-page.tsx'] },
    { path: /^\/requests\/\d+$/, modules: ['/src/features/request/request-page.tsx'] },
  ],
};
