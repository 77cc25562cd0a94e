import { packageSchema, type PackageInput } from '@cargo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

/** `POST /api/packages`. */
export function createPackage(input: PackageInput) {
  return api.post('/api/packages', input, packageSchema);
}

export function useCreatePackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPackage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.packages }),
  });
}
