import { locationRecordSchema, type packageLocationSchema } from '@cargo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

/** `POST /api/packages/{id}/location`: a position set by hand. */
export function addPackageLocation({ id, location }: { id: string; location: z.input<typeof packageLocationSchema> }) {
  return api.post(`/api/packages/${encodeURIComponent(id)}/location`, { ...location, packageId: id }, locationRecordSchema);
}

export function useAddPackageLocation() {
  const queryClient = useQueryClient();
  // Spec §7: the package list is reloaded on success.
  return useMutation({ mutationFn: addPackageLocation, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.packages }) });
}
