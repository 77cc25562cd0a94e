import { successSchema } from '@cargo/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `POST /api/tracking/sms-setup`: texts the link through the configured gateway; 503 when there is none. */
export function smsSetup(input: { driverPhone: string; trackingLink: string }) {
  return api.post('/api/tracking/sms-setup', input, successSchema);
}

export function useSmsSetup() {
  return useMutation({ mutationFn: smsSetup });
}
