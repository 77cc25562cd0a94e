import type { mapConfigSchema } from '@cargo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

export type MapConfig = z.infer<typeof mapConfigSchema>;

/** `GET /api/config/map`: the tile URL template and its attribution. */
export function getMapConfig({ signal }: { signal?: AbortSignal } = {}): Promise<MapConfig> {
  return api.get<MapConfig>('/api/config/map', undefined, { signal });
}

export function getMapConfigQueryOptions() {
  return queryOptions({
    queryKey: ['config', 'map'],
    queryFn: ({ signal }) => getMapConfig({ signal }),
    // Configuration changes only with a server restart.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useMapConfig() {
  return useQuery(getMapConfigQueryOptions());
}
