import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { firstLoadRetryFor } from './use-first-load-retry.ts';

/**
 * Spec §7: a query without its own fetcher GETs the path built from its key,
 * e.g. ['/api/packages', 'PKG1'] → /api/packages/PKG1. Features normally pass their own.
 */
const fetchByKey: QueryFunction = ({ queryKey, signal }) => {
  const [base, ...rest] = queryKey.map(String);
  const path = [base, ...rest.map(encodeURIComponent)].join('/');
  return api.get(path, undefined, { signal });
};

/**
 * Spec §7: data is never stale, no refetch on window focus, no retries. One exception, in the browser: a first load
 * that failed for a network reason is fetched again until it loads (lib/first-load-retry.ts, decision 045).
 */
export function createQueryClient(): QueryClient {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: fetchByKey,
        staleTime: 0,
        refetchOnWindowFocus: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
  firstLoadRetryFor(queryClient);
  return queryClient;
}
