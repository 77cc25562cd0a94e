import type { LocationRecord } from '@cargo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { trackingKeys } from '../../../lib/live-updates/tracking-keys.ts';

/**
 * `GET /api/packages/{trackingNumber}/locations`: to the public the origin, the destination and only the newest
 * current fix (design.md §4), with the coordinates the server geocoded.
 */
export function getPackageLocations(trackingNumber: string, { signal }: { signal?: AbortSignal } = {}): Promise<LocationRecord[]> {
  return api.get<LocationRecord[]>(`/api/packages/${encodeURIComponent(trackingNumber)}/locations`, undefined, { signal });
}

export function getPackageLocationsQueryOptions(trackingNumber: string) {
  return queryOptions({
    queryKey: trackingKeys.locations(trackingNumber),
    queryFn: ({ signal }) => getPackageLocations(trackingNumber, { signal }),
  });
}

export function usePackageLocations(trackingNumber: string) {
  return useQuery(getPackageLocationsQueryOptions(trackingNumber));
}
