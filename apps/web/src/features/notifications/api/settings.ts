import { notificationSettingsSchema, type NotificationSettings } from '@cargo/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notificationKeys } from './keys.ts';

/** `GET /api/notifications/settings`. */
export function getSettings({ signal }: { signal?: AbortSignal } = {}) {
  return api.get('/api/notifications/settings', notificationSettingsSchema, { signal });
}

/** `PUT /api/notifications/settings`. */
export function saveSettings(value: NotificationSettings) {
  return api.put('/api/notifications/settings', value, notificationSettingsSchema);
}

export function useNotificationSettings() {
  return useQuery(queryOptions({ queryKey: notificationKeys.settings, queryFn: ({ signal }) => getSettings({ signal }) }));
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveSettings, onSuccess: (value) => queryClient.setQueryData(notificationKeys.settings, value) });
}
