import { driverStopsSchema, routeOptimisationSchema } from '@cargo/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `POST /api/drivers/{id}/route/optimise`: the current and the proposed order; nothing is stored. */
export function optimiseRoute(driverId: string) {
  return api.post(`/api/drivers/${encodeURIComponent(driverId)}/route/optimise`, undefined, routeOptimisationSchema);
}

export function useOptimiseRoute() {
  return useMutation({ mutationFn: optimiseRoute });
}

/** `PUT /api/drivers/{id}/route/order`: accepts an order (package ids, first stop first). */
export function acceptStopOrder({ driverId, order }: { driverId: string; order: string[] }) {
  return api.put(`/api/drivers/${encodeURIComponent(driverId)}/route/order`, { order }, driverStopsSchema);
}

export function useAcceptStopOrder() {
  return useMutation({ mutationFn: acceptStopOrder });
}
