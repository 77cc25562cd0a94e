import type { OutcomeInput, OutcomeResult } from '@cargo/shared';
import { driverRequest } from '../utils/driver-request.ts';

export interface StopCompletion {
  packageId: string;
  /** The outcome as the server takes it (clientId set, so a resend is recognised). */
  data: OutcomeInput & { clientId: string };
  photo: Blob | null;
  signature: Blob | null;
}

/** `POST /api/packages/{id}/outcomes` (multipart): closes a stop with its photo and signature. */
export function completeStop({ packageId, data, photo, signature }: StopCompletion): Promise<OutcomeResult> {
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  if (photo) form.append('photo', photo, 'photo.jpg');
  if (signature) form.append('signature', signature, 'signature.png');
  return driverRequest<OutcomeResult>(`/api/packages/${encodeURIComponent(packageId)}/outcomes`, { method: 'POST', body: form });
}
