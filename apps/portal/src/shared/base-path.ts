/** A base path the page may name: segments of word characters and hyphens (build/landing.ts reads it alike). */
export const BASE_PATH_PATTERN = /^(\/[\w-]+)+$/;

/**
 * Where the portal lives: '' at the server's root, or the path a shop shows it under (the Shopify app proxy's
 * /apps/returns on the shop's own domain), named by the server in the page. Calls, links and the server's
 * root-relative files (photos, labels) all go through it, so the page never leaves the site it was opened on.
 */
function readBasePath(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="return-center-base"]')?.content ?? '';
  return BASE_PATH_PATTERN.test(meta) ? meta : '';
}

export const basePath = readBasePath();

/** A server-given URL as this page must ask for it: a root-relative one goes under the base path. */
export const appUrl = (url: string): string => (url.startsWith('/') && !url.startsWith('//') ? basePath + url : url);

/** The portal's own path of the page ('/' for its root), whatever base path it is served under. */
export const portalPath = (pathname = window.location.pathname): string =>
  (pathname.startsWith(basePath) ? pathname.slice(basePath.length) : pathname) || '/';

/** The address of the portal's root page. */
export const portalRoot = basePath || '/';
