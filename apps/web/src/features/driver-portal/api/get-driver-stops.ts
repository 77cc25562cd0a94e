import type { DriverStops } from '@cargo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { afterFirstPaint } from '../../../lib/after-first-paint.ts';
import { driverRequest } from '../utils/driver-request.ts';

/**
 * `GET /api/drivers/{id}/stops`: the driver's open packages in the order dispatch accepted, with arrivals. The answer is
 * checked with its zod schema, imported while the request is on its way: zod stays out of the dashboard's first load.
 */
export async function getDriverStops(driverId: string, { signal }: { signal?: AbortSignal } = {}): Promise<DriverStops> {
  const schema = afterFirstPaint().then(() => import('./driver-stops-schema.ts'));
  const body = await driverRequest<unknown>(`/api/drivers/${encodeURIComponent(driverId)}/stops`, { signal });
  return (await schema).driverStopsSchema.parse(body);
}

export function getDriverStopsQueryOptions(driverId: string) {
  return queryOptions({ queryKey: ['drivers', driverId, 'stops'], queryFn: ({ signal }) => getDriverStops(driverId, { signal }) });
}

/** Polled with the packages while tracking, so arrivals follow the driver. */
export function useDriverStops(driverId: string, pollMs: number | false = false) {
  return useQuery({ ...getDriverStopsQueryOptions(driverId), refetchInterval: pollMs });
}
