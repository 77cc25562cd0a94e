import { packageSchema, type PackageInput } from '@cargo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

/** `PUT /api/packages/{id}`: the whole package (edit, and driver assignment). */
export function updatePackage({ id, input }: { id: string; input: PackageInput }) {
  return api.put(`/api/packages/${encodeURIComponent(id)}`, input, packageSchema);
}

export function useUpdatePackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePackage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.packages }),
  });
}
