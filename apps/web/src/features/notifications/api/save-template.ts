import { notificationTemplateSchema, type NotificationTemplateInput } from '@cargo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notificationKeys } from './keys.ts';

export interface TemplateKey {
  eventType: string;
  channel: string;
  audience: string;
}

const path = (key: TemplateKey) => `/api/notifications/templates/${encodeURIComponent(key.eventType)}/${key.channel}/${key.audience}`;

/** `PUT /api/notifications/templates/{eventType}/{channel}/{audience}`. */
export function saveTemplate({ key, input }: { key: TemplateKey; input: NotificationTemplateInput }) {
  return api.put(path(key), input, notificationTemplateSchema);
}

/** `DELETE …`: back to the product's default. */
export function resetTemplate(key: TemplateKey) {
  return api.delete(path(key), notificationTemplateSchema);
}

export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveTemplate, onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.templates }) });
}

export function useResetTemplate() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resetTemplate, onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.templates }) });
}
