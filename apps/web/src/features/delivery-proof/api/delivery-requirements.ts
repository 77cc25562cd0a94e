import type { DeliveryRequirement, DeliveryRequirements } from '@cargo/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

const key = ['admin', 'delivery-requirements'] as const;

/** `GET /api/delivery-requirements`. */
export function getRequirements(): Promise<DeliveryRequirements> {
  return api.get<DeliveryRequirements>('/api/delivery-requirements');
}

/** `PUT /api/delivery-requirements`. */
export function putRequirements(requirements: DeliveryRequirement[]): Promise<DeliveryRequirements> {
  return api.put<DeliveryRequirements>('/api/delivery-requirements', { requirements });
}

export const requirementsQuery = queryOptions({ queryKey: key, queryFn: getRequirements });

export function useRequirements() {
  return useQuery(requirementsQuery);
}

export function useSaveRequirements() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: putRequirements, onSuccess: (data) => queryClient.setQueryData(key, data) });
}
