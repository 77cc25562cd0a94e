import type { Driver } from '@cargo/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { driverSession } from '../hooks/use-driver-session.ts';

export interface DriverCredentials {
  phone: string;
  pin: string;
}

/** `POST /api/drivers/session`: phone and PIN; 401 'Invalid phone number or PIN' for an unknown phone or a wrong PIN. */
export async function signInDriver(input: DriverCredentials): Promise<{ token: string; driver: Driver }> {
  const reply = await api.post<{ token: string; driver: Driver }>('/api/drivers/session', input, undefined, { token: null });
  driverSession.signIn(reply.token, reply.driver);
  return reply;
}

export function useSignInDriver() {
  return useMutation({ mutationFn: signInDriver });
}
