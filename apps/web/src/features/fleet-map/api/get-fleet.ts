import { fleetSnapshotSchema, mapConfigSchema } from '@cargo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `GET /api/fleet`: every active driver (position, load, next stop) and the day's counts. */
export function getFleet({ signal }: { signal?: AbortSignal } = {}) {
  return api.get('/api/fleet', fleetSnapshotSchema, { signal });
}

/** Under the admin prefix, so the panel's refetch on showing a tab asks it again too. */
export const fleetQueryKey = ['admin', 'fleet'] as const;

export function useFleet() {
  return useQuery(queryOptions({ queryKey: fleetQueryKey, queryFn: ({ signal }) => getFleet({ signal }) }));
}

/** `GET /api/config/map`: the tile URL and attribution (tiles may be unreachable: the map works without them). */
export function useFleetMapConfig() {
  return useQuery({ queryKey: ['config', 'map'], queryFn: ({ signal }) => api.get('/api/config/map', mapConfigSchema, { signal }), staleTime: Number.POSITIVE_INFINITY });
}
