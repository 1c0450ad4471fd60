import type { ReactNode } from 'react';

/** A wide table scrolls sideways on a narrow screen, not the page; the region can take focus to scroll by keyboard. */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable (axe: scrollable-region-focusable)
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
