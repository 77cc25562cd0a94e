import { globalLocationSchema } from '@cargo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

/** `GET /api/current-location`: the global current location. */
export function getCurrentLocation({ signal }: { signal?: AbortSignal } = {}) {
  return api.get('/api/current-location', globalLocationSchema, { signal });
}

export function getCurrentLocationQueryOptions() {
  return queryOptions({ queryKey: adminKeys.currentLocation, queryFn: ({ signal }) => getCurrentLocation({ signal }) });
}

export function useCurrentLocation() {
  return useQuery(getCurrentLocationQueryOptions());
}
