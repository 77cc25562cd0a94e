import type { ownDeviceCreatedSchema } from '@cargo/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { driverRequest } from '../utils/driver-request.ts';

export type OwnDevice = z.infer<typeof ownDeviceCreatedSchema>;

/** `POST /api/drivers/me/devices`: registers this driver's phone for Traccar Client; the identifier is answered once. */
export function registerOwnDevice(): Promise<OwnDevice> {
  return driverRequest<OwnDevice>('/api/drivers/me/devices', { method: 'POST', body: { name: 'Phone (Traccar Client)' } });
}

export function useRegisterOwnDevice() {
  return useMutation({ mutationFn: registerOwnDevice });
}
