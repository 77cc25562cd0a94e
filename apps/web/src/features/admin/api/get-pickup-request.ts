import { pickupRequestSchema } from '@cargo/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

/** `GET /api/pickup-requests/{id}`: the request the Create form is filled from (issue 32). */
export function usePickupRequest(id: string | null) {
  return useQuery({
    queryKey: [...adminKeys.pickups, 'one', id],
    queryFn: ({ signal }) => api.get(`/api/pickup-requests/${encodeURIComponent(id!)}`, pickupRequestSchema, { signal }),
    enabled: Boolean(id),
  });
}
