import { driverStopsSchema, type DriverStops } from '@cargo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { driverRequest } from '../utils/driver-request.ts';

/** `GET /api/drivers/{id}/stops`: the driver's open packages in the order dispatch accepted, with arrivals. */
export function getDriverStops(driverId: string, { signal }: { signal?: AbortSignal } = {}): Promise<DriverStops> {
  return driverRequest(`/api/drivers/${encodeURIComponent(driverId)}/stops`, { signal }, driverStopsSchema);
}

export function getDriverStopsQueryOptions(driverId: string) {
  return queryOptions({ queryKey: ['drivers', driverId, 'stops'], queryFn: ({ signal }) => getDriverStops(driverId, { signal }) });
}

/** Polled with the packages while tracking, so arrivals follow the driver. */
export function useDriverStops(driverId: string, pollMs: number | false = false) {
  return useQuery({ ...getDriverStopsQueryOptions(driverId), refetchInterval: pollMs });
}
