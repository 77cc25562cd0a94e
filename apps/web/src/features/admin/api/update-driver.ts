import { driverSchema, type driverUpdateSchema } from '@cargo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

export type DriverUpdate = z.input<typeof driverUpdateSchema>;

/** `PUT /api/drivers/{id}`: changes the given fields (also activates or deactivates). */
export function updateDriver({ id, changes }: { id: string; changes: DriverUpdate }) {
  return api.put(`/api/drivers/${encodeURIComponent(id)}`, changes, driverSchema);
}

export function useUpdateDriver() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateDriver, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.drivers }) });
}
