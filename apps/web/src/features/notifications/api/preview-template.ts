import { notificationPreviewSchema } from '@cargo/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface PreviewInput {
  eventType: string;
  channel: string;
  trackingNumber: string;
  subject: string | null;
  body: string;
}

/** `POST /api/notifications/preview`: the template rendered against a real package, before it is saved. */
export function previewTemplate(input: PreviewInput) {
  return api.post('/api/notifications/preview', input, notificationPreviewSchema);
}

export function usePreviewTemplate() {
  return useMutation({ mutationFn: previewTemplate });
}
