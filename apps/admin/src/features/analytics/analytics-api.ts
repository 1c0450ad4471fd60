import { consolePath, consoleRoutes, type Analytics } from '@return-center/contract';
import { skipToken, useQuery } from '@tanstack/react-query';
import { get } from '../../shared/api';

export type { Analytics };

/** The charts' figures for a range in seconds; nothing is asked while the range is not a valid one. */
export const useAnalytics = (range: { from: number; to: number } | null) =>
  useQuery({
    queryKey: ['analytics', range?.from, range?.to],
    queryFn: range
      ? () =>
          get(
            `${consolePath('analytics')}?${new URLSearchParams({ from: String(range.from), to: String(range.to) }).toString()}`,
            consoleRoutes.analytics.answer,
          )
      : skipToken,
  });
