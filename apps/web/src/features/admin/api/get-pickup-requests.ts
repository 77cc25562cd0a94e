import { pickupRequestSchema } from '@cargo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

/** `GET /api/pickup-requests`. */
export function getPickupRequests({ signal }: { signal?: AbortSignal } = {}) {
  return api.get('/api/pickup-requests', z.array(pickupRequestSchema), { signal });
}

export function getPickupRequestsQueryOptions() {
  return queryOptions({ queryKey: adminKeys.pickups, queryFn: ({ signal }) => getPickupRequests({ signal }) });
}

export function usePickupRequests() {
  return useQuery(getPickupRequestsQueryOptions());
}
