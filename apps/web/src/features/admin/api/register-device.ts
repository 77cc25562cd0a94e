import { deviceCreatedSchema } from '@cargo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

export interface DeviceRegistration {
  driverId: string;
  name: string;
  /** The identifier the tracker already has (hardware trackers); left out, the server generates one. */
  identifier?: string | undefined;
}

/** `POST /api/devices`: answers the identifier once. */
export function registerDevice(input: DeviceRegistration) {
  return api.post('/api/devices', input, deviceCreatedSchema);
}

export function useRegisterDevice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: registerDevice, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.devices }) });
}
