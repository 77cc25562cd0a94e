import { packageSchema } from '@cargo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

/** `GET /api/packages/{id}`: an admin gets the whole package (the form loads it for editing). */
export function getPackage(id: string, { signal }: { signal?: AbortSignal } = {}) {
  return api.get(`/api/packages/${encodeURIComponent(id)}`, packageSchema, { signal });
}

export function getPackageQueryOptions(id: string) {
  return queryOptions({ queryKey: [...adminKeys.packages, 'one', id], queryFn: ({ signal }) => getPackage(id, { signal }) });
}

export function usePackage(id: string | null) {
  return useQuery({ ...getPackageQueryOptions(id ?? ''), enabled: Boolean(id) });
}
