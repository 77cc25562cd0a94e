import { deletedCountSchema } from '@cargo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

/** `POST /api/packages/batch-delete`. */
export function batchDeletePackages(packageIds: string[]) {
  return api.post('/api/packages/batch-delete', { packageIds }, deletedCountSchema);
}

export function useBatchDeletePackages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: batchDeletePackages,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.packages });
      await queryClient.invalidateQueries({ queryKey: adminKeys.databaseStats });
    },
  });
}
