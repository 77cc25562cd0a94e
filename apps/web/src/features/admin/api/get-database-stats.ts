import { databaseStatsSchema } from '@cargo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

/** `GET /api/database/stats`: totals. */
export function getDatabaseStats({ signal }: { signal?: AbortSignal } = {}) {
  return api.get('/api/database/stats', databaseStatsSchema, { signal });
}

export function getDatabaseStatsQueryOptions() {
  return queryOptions({ queryKey: adminKeys.databaseStats, queryFn: ({ signal }) => getDatabaseStats({ signal }) });
}

export function useDatabaseStats() {
  return useQuery(getDatabaseStatsQueryOptions());
}
