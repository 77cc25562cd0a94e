import type { Driver } from '@cargo/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { driverSession } from '../hooks/use-driver-session.ts';

export interface DriverRegistration {
  phone: string;
  pin: string;
  name?: string;
}

/** `POST /api/drivers/register`: the portal's account for an unknown phone, signed in at once; 409 when the phone exists. */
export async function registerDriver(input: DriverRegistration): Promise<{ token: string; driver: Driver }> {
  const body = { phone: input.phone, pin: input.pin, ...(input.name?.trim() ? { name: input.name.trim() } : {}) };
  const reply = await api.post<{ token: string; driver: Driver }>('/api/drivers/register', body, undefined, { token: null });
  driverSession.signIn(reply.token, reply.driver);
  return reply;
}

export function useRegisterDriver() {
  return useMutation({ mutationFn: registerDriver });
}
