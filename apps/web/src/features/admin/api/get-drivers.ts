import { driverSchema } from '@cargo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

/** `GET /api/drivers`. */
export function getDrivers({ signal }: { signal?: AbortSignal } = {}) {
  return api.get('/api/drivers', z.array(driverSchema), { signal });
}

export function getDriversQueryOptions() {
  return queryOptions({ queryKey: adminKeys.drivers, queryFn: ({ signal }) => getDrivers({ signal }) });
}

export function useDrivers() {
  return useQuery(getDriversQueryOptions());
}
