import type { AttemptedPackage } from '@cargo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `GET /api/delivery-attempts`: packages whose newest outcome is an attempt, to re-plan. */
export function getDeliveryAttempts(): Promise<AttemptedPackage[]> {
  return api.get<AttemptedPackage[]>('/api/delivery-attempts');
}

export const deliveryAttemptsQuery = queryOptions({ queryKey: ['admin', 'delivery-attempts'], queryFn: getDeliveryAttempts });

export function useDeliveryAttempts() {
  return useQuery(deliveryAttemptsQuery);
}
