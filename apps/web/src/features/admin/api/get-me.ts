import { meResponseSchema } from '@cargo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

/** `GET /api/auth/me`: the signed-in admin, or 401. */
export function getMe({ signal }: { signal?: AbortSignal } = {}) {
  return api.get('/api/auth/me', meResponseSchema, { signal });
}

export function getMeQueryOptions() {
  return queryOptions({ queryKey: adminKeys.me, queryFn: ({ signal }) => getMe({ signal }) });
}

export function useMe(enabled: boolean) {
  return useQuery({ ...getMeQueryOptions(), enabled });
}
