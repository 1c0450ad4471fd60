import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paintReports } from '../test/paint-reports';
import { afterFirstView, LONGEST_IMAGE_WAIT_MS, LONGEST_PAINT_WAIT_MS } from './after-first-view';

/** An image of the page; jsdom fetches none, so it stays loading until the test says it came. */
function image(loading: 'eager' | 'lazy' = 'eager') {
  const element = document.createElement('img');
  element.src = '/catalogue/linen-shirt.svg';
  element.loading = loading;
  document.body.append(element);
  return element;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('afterFirstView (the journey’s pages fetched once the first view is whole and shown)', () => {
  let idle: (() => void)[] = [];
  beforeEach(() => {
    idle = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    vi.stubGlobal('cancelIdleCallback', (handle: number) => (idle[handle - 1] = () => undefined));
    paintReports.install();
  });
  afterEach(() => {
    document.body.replaceChildren();
    vi.unstubAllGlobals();
  });

  it('waits for the images the shopper sees, loaded or failed, then for their paint shown, then for the browser to be idle', async () => {
    const [shirt, sneakers] = [image(), image()];
    image('lazy');
    const work = vi.fn();
    afterFirstView(work);
    shirt.dispatchEvent(new Event('load'));
    await settle();
    sneakers.dispatchEvent(new Event('error'));
    await settle();
    expect(paintReports.watching).toBe(1);
    paintReports.report(0); // a paint from before the images came, as the browser reports it again to a new observer
    await settle();
    expect(idle).toHaveLength(0);
    paintReports.report(performance.now());
    await settle();
    expect(paintReports.watching).toBe(0);
    expect(work).not.toHaveBeenCalled();
    idle.forEach((callback) => callback());
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('goes ahead without an image that never answers, or a paint the browser does not report, after a while', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      image();
      const work = vi.fn();
      afterFirstView(work);
      await vi.advanceTimersByTimeAsync(LONGEST_IMAGE_WAIT_MS + LONGEST_PAINT_WAIT_MS - 100);
      expect(idle).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(100);
      idle.forEach((callback) => callback());
      expect(work).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does nothing once called off, before or after the first view was shown', async () => {
    const shirt = image();
    const work = vi.fn();
    afterFirstView(work)();
    shirt.dispatchEvent(new Event('load'));
    await settle();
    paintReports.report(performance.now());
    await settle();
    expect(idle).toHaveLength(0);

    shirt.remove();
    const callOff = afterFirstView(work);
    await settle();
    paintReports.report(performance.now());
    await settle();
    expect(idle).toHaveLength(1);
    callOff();
    idle.forEach((callback) => callback());
    expect(work).not.toHaveBeenCalled();
  });
});
