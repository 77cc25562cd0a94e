import { pickupRequestSchema, type PickupRequestStatus } from '@cargo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

/** `PATCH /api/pickup-requests/{id}/status`. */
export function setPickupStatus({ id, status }: { id: string; status: PickupRequestStatus }) {
  return api.patch(`/api/pickup-requests/${encodeURIComponent(id)}/status`, { status }, pickupRequestSchema);
}

export function useSetPickupStatus() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setPickupStatus, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.pickups }) });
}
