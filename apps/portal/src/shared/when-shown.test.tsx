import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paintReports } from '../test/paint-reports';
import { LONGEST_SHOWN_WAIT_MS, usePainted } from './use-painted';
import { whenShown } from './when-shown';

describe('whenShown (what was just drawn is on screen)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    paintReports.install();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('goes on at the first paint the browser reports from now on, not at one it made before', () => {
    const then = vi.fn();
    whenShown(then, 1000);
    paintReports.report(performance.now() - 50);
    expect(then).not.toHaveBeenCalled();
    paintReports.report(performance.now());
    expect(then).toHaveBeenCalledTimes(1);
    expect(paintReports.watching).toBe(0);
    vi.advanceTimersByTime(1000);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('goes on after the longest wait when no paint is reported, or the browser makes no reports', () => {
    const then = vi.fn();
    whenShown(then, 1000);
    vi.advanceTimersByTime(999);
    expect(then).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(then).toHaveBeenCalledTimes(1);
    expect(paintReports.watching).toBe(0);

    vi.stubGlobal('PerformanceObserver', undefined);
    const without = vi.fn();
    whenShown(without, 1000);
    vi.advanceTimersByTime(1000);
    expect(without).toHaveBeenCalledTimes(1);
  });

  it('does nothing once called off', () => {
    const then = vi.fn();
    whenShown(then, 1000)();
    paintReports.report(performance.now());
    vi.advanceTimersByTime(1000);
    expect(then).not.toHaveBeenCalled();
  });

  it('tells a screen when what it drew once ready is shown (usePainted)', () => {
    const { result, rerender } = renderHook(({ ready }) => usePainted(ready), { initialProps: { ready: false } });
    paintReports.report(performance.now());
    expect(result.current).toBe(false);
    rerender({ ready: true });
    expect(result.current).toBe(false);
    act(() => {
      paintReports.report(performance.now());
    });
    expect(result.current).toBe(true);

    const unreported = renderHook(() => usePainted(true));
    act(() => {
      vi.advanceTimersByTime(LONGEST_SHOWN_WAIT_MS - 1);
    });
    expect(unreported.result.current).toBe(false);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(unreported.result.current).toBe(true);
  });
});
