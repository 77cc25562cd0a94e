import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { api } from './api-client.ts';

/**
 * Spec §7: a query without its own fetcher GETs the path built from its key,
 * e.g. ['/api/packages', 'PKG1'] → /api/packages/PKG1. Features normally pass their own.
 */
const fetchByKey: QueryFunction = ({ queryKey, signal }) => {
  const [base, ...rest] = queryKey.map(String);
  const path = [base, ...rest.map(encodeURIComponent)].join('/');
  return api.get(path, undefined, { signal });
};

/** Spec §7: data is never stale, no refetch on window focus, no retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
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
}
