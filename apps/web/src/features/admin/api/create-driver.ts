import { driverCreatedSchema, type DriverInput } from '@cargo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

/** `POST /api/drivers`: answers the driver and, once, its PIN. */
export function createDriver(input: DriverInput) {
  return api.post('/api/drivers', input, driverCreatedSchema);
}

export function useCreateDriver() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createDriver, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.drivers }) });
}
