import type { Package } from '@cargo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { driverRequest } from '../utils/driver-request.ts';

/** `GET /api/packages/{trackingNumber}` with the driver's token: the full view when the package is assigned to them. */
export function getPackageAsDriver(ref: string, { signal }: { signal?: AbortSignal } = {}): Promise<Package> {
  return driverRequest<Package>(`/api/packages/${encodeURIComponent(ref)}`, { signal });
}

export function getPackageAsDriverQueryOptions(ref: string, token: string | null) {
  return queryOptions({ queryKey: ['drivers', 'package', ref, token], queryFn: ({ signal }) => getPackageAsDriver(ref, { signal }) });
}

export function usePackageAsDriver(ref: string | null, token: string | null) {
  return useQuery({ ...getPackageAsDriverQueryOptions(ref ?? '', token), enabled: !!ref && !!token });
}
