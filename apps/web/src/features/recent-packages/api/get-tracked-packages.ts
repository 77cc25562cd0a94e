import type { PackageLookup } from '@cargo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * `GET /api/tracking/packages?trackingNumbers=…`: the current public view of every package this browser tracked,
 * in one request (one public lookup against the rate limit, however many rows).
 */
export function getTrackedPackages(trackingNumbers: readonly string[], { signal }: { signal?: AbortSignal } = {}): Promise<PackageLookup> {
  const query = encodeURIComponent(trackingNumbers.join(','));
  return api.get<PackageLookup>(`/api/tracking/packages?trackingNumbers=${query}`, undefined, { signal });
}

export function getTrackedPackagesQueryOptions(trackingNumbers: readonly string[]) {
  return queryOptions({
    queryKey: ['recent-packages', 'tracked', trackingNumbers.map((n) => n.toUpperCase())],
    queryFn: ({ signal }) => getTrackedPackages(trackingNumbers, { signal }),
  });
}

export function useTrackedPackages(trackingNumbers: readonly string[]) {
  return useQuery({ ...getTrackedPackagesQueryOptions(trackingNumbers), enabled: trackingNumbers.length > 0 });
}
