import { BREAKPOINTS } from '@return-center/contract';
import { useSyncExternalStore } from 'react';

const QUERY = `(max-width: ${String(BREAKPOINTS.mobile - 1)}px)`;

/** Narrower than 768 px (spec §9): the mobile variants of the pickup screens. */
export function useMobile(): boolean {
  return useSyncExternalStore(
    (listener) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(QUERY);
      list.addEventListener('change', listener);
      return () => list.removeEventListener('change', listener);
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(QUERY).matches,
  );
}
