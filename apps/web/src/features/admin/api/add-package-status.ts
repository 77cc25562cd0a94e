import { statusUpdateResponseSchema, type statusUpdateSchema } from '@cargo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

/** `POST /api/packages/{id}/status`: a history entry and the package's status and location. */
export function addPackageStatus({ id, update }: { id: string; update: z.input<typeof statusUpdateSchema> }) {
  return api.post(`/api/packages/${encodeURIComponent(id)}/status`, { ...update, packageId: id }, statusUpdateResponseSchema);
}

export function useAddPackageStatus() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addPackageStatus, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.packages }) });
}
