import { packageImportSchema, type PackageImport } from '@cargo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `GET /api/package-imports/{id}`: the import's progress and counts. */
export function getImport(id: string, { signal }: { signal?: AbortSignal } = {}) {
  return api.get(`/api/package-imports/${encodeURIComponent(id)}`, packageImportSchema, { signal });
}

const finished = (data: PackageImport | undefined) => data?.status === 'done' || data?.status === 'failed';

/** Polled every half second until the import has finished. */
export function useImportProgress(id: string | null) {
  return useQuery(
    queryOptions({
      queryKey: ['package-imports', id],
      queryFn: ({ signal }) => getImport(id!, { signal }),
      enabled: id !== null,
      refetchInterval: (query) => (finished(query.state.data) ? false : 500),
    }),
  );
}
