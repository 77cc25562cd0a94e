import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

/** `DELETE /api/devices/{id}`: the identifier stops working. */
export function revokeDevice(id: string) {
  return api.delete(`/api/devices/${encodeURIComponent(id)}`);
}

export function useRevokeDevice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeDevice, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.devices }) });
}
