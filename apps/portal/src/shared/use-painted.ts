import { useEffect, useState } from 'react';

/**
 * True once the screen has been shown with `ready` true: for what sits below the first view, asked for only after
 * that view is on screen so that its answer and its drawing do not hold the first paint (issue 37). A frame's
 * callbacks run before it paints, so the second frame after `ready` starts once the first has been painted and shown.
 */
export function usePainted(ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => setPainted(true));
    });
    return () => cancelAnimationFrame(frame);
  }, [ready, painted]);
  return painted;
}
