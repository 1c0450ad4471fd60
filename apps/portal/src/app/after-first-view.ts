import { whenShown } from '../shared/when-shown';

/** An image that never answers holds the work back this long at most. */
export const LONGEST_IMAGE_WAIT_MS = 5000;
/** A first view whose paint the browser does not report holds the work back this long at most. */
export const LONGEST_PAINT_WAIT_MS = 500;

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
 * Runs `work` when the browser is next idle after the page's images have come and the first view is on screen, so
 * that on a slow phone link it does not share the bandwidth with what the shopper is looking at (issue 37). Answers a
 * function that calls it off.
 */
export function afterFirstView(work: () => void): () => void {
  let cancelled = false;
  let callOff: () => void = () => undefined;
  void imagesSettled().then(() => {
    if (cancelled) return;
    callOff = whenShown(() => {
      if (typeof window.requestIdleCallback !== 'function') {
        work();
        return;
      }
      const handle = window.requestIdleCallback(work, { timeout: 2000 });
      callOff = () => window.cancelIdleCallback(handle);
    }, LONGEST_PAINT_WAIT_MS);
  });
  return () => {
    cancelled = true;
    callOff();
  };
}
