import { useEffect, useState } from 'react';

/**
 * True two frames after `ready`: for what sits below the first view, asked for only after that view has been painted
 * so that its answer and its drawing do not hold the first paint (issue 37). A frame's callbacks run before it paints,
 * so the second frame starts once the first has been painted; the screen may show it a little later still.
 * (`app/after-first-view.ts` waits for the images and an idle moment, for work that may wait seconds; this does not.)
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
