import type { Package } from '@cargo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { driverRequest } from '../utils/driver-request.ts';

/** `PATCH /api/packages/{id}/status` (driver dashboard): the assigned driver sets any status. */
export function updatePackageStatus(input: { packageId: string; status: string }): Promise<{ success: true; package: Package }> {
  return driverRequest(`/api/packages/${encodeURIComponent(input.packageId)}/status`, { method: 'PATCH', body: { status: input.status } });
}

export function useUpdatePackageStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePackageStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['drivers'] }),
  });
}
