import type { PublicPackage } from '@cargo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `GET /api/packages/{trackingNumber}`: the current state of a package this browser tracked (public view). */
export function getTrackedPackage(trackingNumber: string, { signal }: { signal?: AbortSignal } = {}): Promise<PublicPackage> {
  return api.get<PublicPackage>(`/api/packages/${encodeURIComponent(trackingNumber)}`, undefined, { signal });
}

export function getTrackedPackageQueryOptions(trackingNumber: string) {
  return queryOptions({
    queryKey: ['recent-packages', 'package', trackingNumber.toUpperCase()],
    queryFn: ({ signal }) => getTrackedPackage(trackingNumber, { signal }),
  });
}

export function useTrackedPackage(trackingNumber: string) {
  return useQuery(getTrackedPackageQueryOptions(trackingNumber));
}
