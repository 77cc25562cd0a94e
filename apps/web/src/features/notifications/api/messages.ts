import { notificationMessageSchema } from '@cargo/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { notificationKeys } from './keys.ts';

/** `GET /api/notifications/messages?trackingNumber=`: one package's messages, or the newest of all. */
export function getMessages(trackingNumber: string, { signal }: { signal?: AbortSignal } = {}) {
  const query = trackingNumber ? `?trackingNumber=${encodeURIComponent(trackingNumber)}&limit=100` : '?limit=100';
  return api.get(`/api/notifications/messages${query}`, z.array(notificationMessageSchema), { signal });
}

export function useMessages(trackingNumber: string) {
  return useQuery(queryOptions({ queryKey: notificationKeys.messages(trackingNumber), queryFn: ({ signal }) => getMessages(trackingNumber, { signal }) }));
}

/** `POST /api/notifications/messages/{id}/resend`. */
export function resendMessage(id: string) {
  return api.post(`/api/notifications/messages/${encodeURIComponent(id)}/resend`, undefined, notificationMessageSchema);
}

export function useResendMessage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resendMessage, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['notifications', 'messages'] }) });
}
