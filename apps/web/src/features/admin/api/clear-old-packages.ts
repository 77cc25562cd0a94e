import { deletedCountSchema } from '@cargo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

/** `POST /api/packages/clear-old`: deletes the packages created more than daysOld days ago. */
export function clearOldPackages(daysOld: number) {
  return api.post('/api/packages/clear-old', { daysOld }, deletedCountSchema);
}

export function useClearOldPackages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearOldPackages,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.packages });
      await queryClient.invalidateQueries({ queryKey: adminKeys.databaseStats });
    },
  });
}
