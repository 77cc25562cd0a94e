import type { StatusHistoryEntry } from '@cargo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { trackingKeys } from '../../../lib/live-updates/tracking-keys.ts';

/** `GET /api/packages/{trackingNumber}/history`: status history, oldest first. */
export function getPackageHistory(trackingNumber: string, { signal }: { signal?: AbortSignal } = {}): Promise<StatusHistoryEntry[]> {
  return api.get<StatusHistoryEntry[]>(`/api/packages/${encodeURIComponent(trackingNumber)}/history`, undefined, { signal });
}

export function getPackageHistoryQueryOptions(trackingNumber: string) {
  return queryOptions({
    queryKey: trackingKeys.history(trackingNumber),
    queryFn: ({ signal }) => getPackageHistory(trackingNumber, { signal }),
  });
}

export function usePackageHistory(trackingNumber: string) {
  return useQuery(getPackageHistoryQueryOptions(trackingNumber));
}
