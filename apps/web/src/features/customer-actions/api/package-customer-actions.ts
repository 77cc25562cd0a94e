import { packageCustomerActionsSchema } from '@cargo/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const dispatchKeys = {
  all: ['admin', 'customer-actions'] as const,
  pkg: (packageId: string) => ['admin', 'customer-actions', 'package', packageId] as const,
  driver: (driverId: string) => ['admin', 'customer-actions', 'driver', driverId] as const,
  toReplan: ['admin', 'customer-actions', 'to-replan'] as const,
  settings: ['admin', 'customer-actions', 'settings'] as const,
  requirements: ['admin', 'customer-actions', 'delivery-requirements'] as const,
};

/** `GET /api/packages/{id}/customer-actions` (admin): instructions, safe place, access code, new days and the rating. */
export function usePackageCustomerActions(packageId: string) {
  return useQuery({
    queryKey: dispatchKeys.pkg(packageId),
    queryFn: ({ signal }) => api.get(`/api/packages/${encodeURIComponent(packageId)}/customer-actions`, packageCustomerActionsSchema, { signal }),
  });
}
