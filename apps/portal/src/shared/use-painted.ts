import { useEffect, useState } from 'react';
import { whenShown } from './when-shown';

/** What was drawn when `ready` came waits this long at most for the browser to report it shown. */
export const LONGEST_SHOWN_WAIT_MS = 100;

/**
 * True once what was drawn when `ready` came is on screen (the browser reported its largest paint), or after
 * LONGEST_SHOWN_WAIT_MS: for what sits below the first view, asked for only after that view has been shown so that
 * its answer and its drawing do not hold the first paint (issue 37). (`app/after-first-view.ts` also waits for the
 * images and an idle moment, for work that may wait seconds; this does not.)
 */
export function usePainted(ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    return whenShown(() => setPainted(true), LONGEST_SHOWN_WAIT_MS);
  }, [ready, painted]);
  return painted;
}
