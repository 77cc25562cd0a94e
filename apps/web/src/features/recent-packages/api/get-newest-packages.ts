import { RECENT_PACKAGES_MAX, type Package } from '@cargo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `GET /api/packages?limit=10` (admin only, design.md §4): the newest packages in the system. */
export function getNewestPackages({ signal }: { signal?: AbortSignal } = {}): Promise<Package[]> {
  return api.get<Package[]>(`/api/packages?limit=${RECENT_PACKAGES_MAX}`, undefined, { signal });
}

export function getNewestPackagesQueryOptions() {
  return queryOptions({
    queryKey: ['recent-packages', 'newest'],
    queryFn: ({ signal }) => getNewestPackages({ signal }),
  });
}

/** Only asked for while an admin token is stored; an expired one simply yields no rows. */
export function useNewestPackages(enabled: boolean) {
  return useQuery({ ...getNewestPackagesQueryOptions(), enabled });
}
