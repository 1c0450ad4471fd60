/** An image that never answers holds the work back this long at most. */
export const LONGEST_IMAGE_WAIT_MS = 5000;

/**
 * Resolves once the images the page shows have loaded or failed, or after LONGEST_IMAGE_WAIT_MS; lazy ones (below the
 * fold) are not waited for.
 */
function imagesSettled(): Promise<unknown> {
  const loading = [...document.images].filter((image) => !image.complete && image.loading !== 'lazy');
  const settled = (image: HTMLImageElement) =>
    new Promise((done) => {
      image.addEventListener('load', done, { once: true });
      image.addEventListener('error', done, { once: true });
    });
  const longest = new Promise((done) => setTimeout(done, LONGEST_IMAGE_WAIT_MS));
  return Promise.race([Promise.all(loading.map(settled)), longest]);
}

/**
 * Runs `work` when the browser is next idle after the page's images have come, so that on a slow phone link it does
 * not share the bandwidth with what the shopper is looking at (issue 37). Answers a function that calls it off.
 */
export function afterFirstView(work: () => void): () => void {
  let handle: number | null = null;
  let cancelled = false;
  void imagesSettled().then(() => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback !== 'function') work();
    else handle = window.requestIdleCallback(work, { timeout: 2000 });
  });
  return () => {
    cancelled = true;
    if (handle !== null) window.cancelIdleCallback(handle);
  };
}
