import { QueryClient } from '@tanstack/react-query';

/**
 * The portal's query client. No retries: the HTTP client has told the shopper, and the screen offers its own. An
 * answer stays fresh 30 s, so a screen draws from what its navigation asked for (first-data.ts) without asking again.
 */
export const createQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } } });
