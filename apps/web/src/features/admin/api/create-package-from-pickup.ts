import { pickupPackageResultSchema, type PackageInput } from '@cargo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

/** `POST /api/pickup-requests/{id}/package`: the package of a booking; a second call answers the one it made. */
export function useCreatePackageFromPickup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: PackageInput }) => api.post(`/api/pickup-requests/${encodeURIComponent(id)}/package`, input, pickupPackageResultSchema),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.packages }), queryClient.invalidateQueries({ queryKey: adminKeys.pickups })]),
  });
}
