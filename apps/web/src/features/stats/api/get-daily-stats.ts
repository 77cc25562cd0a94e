import type { DailyStats } from '@cargo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `GET /api/stats/daily`: the real figures of today's progress (the server caches them 10 s). */
export function getDailyStats({ signal }: { signal?: AbortSignal } = {}): Promise<DailyStats> {
  return api.get<DailyStats>('/api/stats/daily', undefined, { signal });
}

export function getDailyStatsQueryOptions() {
  return queryOptions({
    queryKey: ['stats', 'daily'],
    queryFn: ({ signal }) => getDailyStats({ signal }),
  });
}

export function useDailyStats() {
  return useQuery(getDailyStatsQueryOptions());
}
