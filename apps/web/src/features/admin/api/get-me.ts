import { queryOptions, useQuery } from '@tanstack/react-query';
import { afterFirstPaint } from '../../../lib/after-first-paint.ts';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

/** `GET /api/auth/me`: the signed-in admin, or 401 (its schema is imported, after the first paint, while the request is on its way). */
export async function getMe({ signal }: { signal?: AbortSignal } = {}) {
  const schemas = afterFirstPaint().then(() => import('./auth-schemas.ts'));
  const body = await api.get<unknown>('/api/auth/me', undefined, { signal });
  return (await schemas).meResponseSchema.parse(body);
}

export function getMeQueryOptions() {
  return queryOptions({ queryKey: adminKeys.me, queryFn: ({ signal }) => getMe({ signal }) });
}

export function useMe(enabled: boolean) {
  return useQuery({ ...getMeQueryOptions(), enabled });
}
