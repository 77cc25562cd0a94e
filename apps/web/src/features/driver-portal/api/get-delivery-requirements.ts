import { DEFAULT_DELIVERY_REQUIREMENTS, type DeliveryRequirements } from '@cargo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { driverRequest } from '../utils/driver-request.ts';

/** `GET /api/delivery-requirements`: what dispatch requires per service type (signature, photo). */
export function getDeliveryRequirements(): Promise<DeliveryRequirements> {
  return driverRequest<DeliveryRequirements>('/api/delivery-requirements');
}

export const deliveryRequirementsQuery = queryOptions({
  queryKey: ['drivers', 'delivery-requirements'],
  queryFn: getDeliveryRequirements,
});

/** The requirements; offline (or until they arrive) the defaults, which the server enforces in any case. */
export function useDeliveryRequirements() {
  const query = useQuery(deliveryRequirementsQuery);
  return query.data?.requirements ?? DEFAULT_DELIVERY_REQUIREMENTS;
}
