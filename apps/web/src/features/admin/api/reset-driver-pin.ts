import { driverPinResponseSchema } from '@cargo/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `POST /api/drivers/{id}/pin` with no PIN: the server generates one and answers it once. */
export function resetDriverPin(id: string) {
  return api.post(`/api/drivers/${encodeURIComponent(id)}/pin`, {}, driverPinResponseSchema);
}

export function useResetDriverPin() {
  return useMutation({ mutationFn: resetDriverPin });
}
