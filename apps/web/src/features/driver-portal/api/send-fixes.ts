import type { FixBatchResult, QueuedFix } from '@cargo/shared';
import { driverRequest } from '../utils/driver-request.ts';
import type { WireFix } from '../utils/fix-queue.ts';

/** `POST /api/packages/{id}/gps`: one fix for a package (speed m/s); the driver's token or a driver share-link token. */
export function postPackageFix(packageRef: string, fix: WireFix, token?: string) {
  return driverRequest<{ success: true; locationId: string; movedCurrent: boolean }>(`/api/packages/${encodeURIComponent(packageRef)}/gps`, {
    method: 'POST',
    body: fix,
    ...(token ? { token } : {}),
  });
}

/** `POST /api/drivers/{id}/location`: the driver's own position (the portal's call, spec §7). */
export function postDriverLocation(driverId: string, fix: { lat: number; lng: number; accuracy?: number | null }) {
  return driverRequest<{ success: true }>(`/api/drivers/${encodeURIComponent(driverId)}/location`, {
    method: 'POST',
    body: { lat: fix.lat, lng: fix.lng, driverId, accuracy: fix.accuracy ?? null },
  });
}

/** `POST /api/drivers/{id}/fixes`: queued fixes in one request, each with its own result, in order. */
export function postFixBatch(driverId: string, fixes: QueuedFix[]): Promise<FixBatchResult> {
  return driverRequest<FixBatchResult>(`/api/drivers/${encodeURIComponent(driverId)}/fixes`, { method: 'POST', body: { fixes } });
}
