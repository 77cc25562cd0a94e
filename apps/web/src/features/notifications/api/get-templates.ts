import { notificationTemplateSchema } from '@cargo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { notificationKeys } from './keys.ts';

/** `GET /api/notifications/templates`. */
export function getTemplates({ signal }: { signal?: AbortSignal } = {}) {
  return api.get('/api/notifications/templates', z.array(notificationTemplateSchema), { signal });
}

export function useTemplates() {
  return useQuery(queryOptions({ queryKey: notificationKeys.templates, queryFn: ({ signal }) => getTemplates({ signal }) }));
}
