import { driverRouteSchema } from '@cargo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

/** `GET /api/drivers/{id}/route`: the driver's position and the stops of its packages. */
export function getDriverRoute(id: string, { signal }: { signal?: AbortSignal } = {}) {
  return api.get(`/api/drivers/${encodeURIComponent(id)}/route`, driverRouteSchema, { signal });
}

export function getDriverRouteQueryOptions(id: string) {
  return queryOptions({ queryKey: adminKeys.driverRoute(id), queryFn: ({ signal }) => getDriverRoute(id, { signal }) });
}

export function useDriverRoute(id: string | null) {
  return useQuery({ ...getDriverRouteQueryOptions(id ?? ''), enabled: Boolean(id) });
}
