/**
 * Calls `then` once the browser reports a largest paint made from now on, i.e. what was just drawn is on screen, or
 * after `longestMs` when no larger content is painted or the browser makes no such report. Answers a function that
 * calls it off. The browser can be idle, and run the next frames' callbacks, before it shows a frame it has drawn:
 * both came 10–30 ms before the first view's paint, so what was asked for then shared the link with it (issue 37).
 */
export function whenShown(then: () => void, longestMs: number): () => void {
  const since = performance.now();
  let observer: PerformanceObserver | null = null;
  const stop = () => {
    observer?.disconnect();
    clearTimeout(timer);
  };
  const timer = setTimeout(() => {
    stop();
    then();
  }, longestMs);
  if (
    typeof PerformanceObserver !== 'undefined' &&
    PerformanceObserver.supportedEntryTypes.includes('largest-contentful-paint')
  ) {
    observer = new PerformanceObserver((list) => {
      if (!list.getEntries().some((entry) => entry.startTime >= since)) return;
      stop();
      then();
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
  }
  return stop;
}
