import type { Package } from '@cargo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { driverRequest } from '../utils/driver-request.ts';

/** `GET /api/drivers/{id}/packages`: the packages assigned to the signed-in driver, newest first. */
export function getDriverPackages(driverId: string, { signal }: { signal?: AbortSignal } = {}): Promise<Package[]> {
  return driverRequest<Package[]>(`/api/drivers/${encodeURIComponent(driverId)}/packages`, { signal });
}

export function getDriverPackagesQueryOptions(driverId: string) {
  return queryOptions({
    queryKey: ['drivers', driverId, 'packages'],
    queryFn: ({ signal }) => getDriverPackages(driverId, { signal }),
  });
}

/** `pollMs` polls while set (the dashboard polls every 5 s while tracking, spec §7). */
export function useDriverPackages(driverId: string | null, pollMs: number | false = false) {
  return useQuery({ ...getDriverPackagesQueryOptions(driverId ?? ''), enabled: !!driverId, refetchInterval: pollMs });
}
