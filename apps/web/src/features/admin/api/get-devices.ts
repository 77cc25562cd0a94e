import { deviceSchema } from '@cargo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

/** `GET /api/devices`: registered trackers (never their identifiers). */
export function getDevices({ signal }: { signal?: AbortSignal } = {}) {
  return api.get('/api/devices', z.array(deviceSchema), { signal });
}

export function getDevicesQueryOptions() {
  return queryOptions({ queryKey: adminKeys.devices, queryFn: ({ signal }) => getDevices({ signal }) });
}

export function useDevices() {
  return useQuery(getDevicesQueryOptions());
}
