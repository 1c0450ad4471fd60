// What the portal's and the console's Vite configs share (apps/portal, apps/admin): their build and the nonce
// placeholder of their pages. Each passes its own chunk groups.

/**
 * zod and the page's CSP set-up (`src/shared/csp.ts` of each front end) in one chunk, so `z.config` runs before any
 * schema is made: a schema made earlier probes `new Function`, which the CSP refuses and reports.
 */
export const ZOD_WITH_CSP = /node_modules[\\/]zod[\\/]|src[\\/]shared[\\/]csp\.ts/;

/**
 * @param {import('vite').Rolldown.CodeSplittingGroup[]} groups
 * @returns {Pick<import('vite').UserConfig, 'build' | 'html'>}
 */
export function frontEndBuild(groups) {
  return {
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: false,
      rolldownOptions: { output: { codeSplitting: { groups } } },
    },
    // The server puts a fresh nonce in place of this in every page it serves (its CSP allows no other inline script
    // or style).
    html: { cspNonce: 'RETURN_CENTER_NONCE' },
  };
}
