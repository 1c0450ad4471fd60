import { BREAKPOINTS } from '@return-center/contract';
import { useMediaQuery } from '../use-media-query';

const QUERY = `(max-width: ${String(BREAKPOINTS.mobile - 1)}px)`;

/** Narrower than 768 px (spec §9): the mobile variants of the pickup screens. */
export function useMobile(): boolean {
  return useMediaQuery(QUERY);
}
