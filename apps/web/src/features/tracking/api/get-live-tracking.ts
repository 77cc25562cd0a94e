import type { LiveTracking } from '@cargo/shared';
import { queryOptions, replaceEqualDeep, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { keepNewerFix } from '../../../lib/live-updates/apply-message.ts';
import { trackingKeys } from '../../../lib/live-updates/tracking-keys.ts';

/** `GET /api/tracking/live/{trackingNumber}`: driver, vehicle and the newest fix while the package is on its way. */
export function getLiveTracking(trackingNumber: string, { signal }: { signal?: AbortSignal } = {}): Promise<LiveTracking> {
  return api.get<LiveTracking>(`/api/tracking/live/${encodeURIComponent(trackingNumber)}`, undefined, { signal });
}

export function getLiveTrackingQueryOptions(trackingNumber: string) {
  return queryOptions({
    queryKey: trackingKeys.live(trackingNumber),
    queryFn: ({ signal }) => getLiveTracking(trackingNumber, { signal }),
    // An answer the server wrote before a fix that a push has already shown never takes the vehicle back.
    structuralSharing: (shown, fetched) => replaceEqualDeep(shown, keepNewerFix(shown as LiveTracking | undefined, fetched as LiveTracking)),
  });
}

/** `refreshMs` polls while set (the panel's auto-refresh); other readers share the same data without polling. */
export function useLiveTracking(trackingNumber: string, refreshMs: number | false = false, enabled = true) {
  return useQuery({ ...getLiveTrackingQueryOptions(trackingNumber), refetchInterval: refreshMs, enabled });
}
