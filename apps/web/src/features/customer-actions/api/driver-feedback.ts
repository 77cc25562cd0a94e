import { driverFeedbackSchema } from '@cargo/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { dispatchKeys } from './package-customer-actions.ts';

/** `GET /api/drivers/{id}/feedback` (admin): how many ratings, their average and the 20 newest. */
export function useDriverFeedback(driverId: string) {
  return useQuery({
    queryKey: dispatchKeys.driver(driverId),
    queryFn: ({ signal }) => api.get(`/api/drivers/${encodeURIComponent(driverId)}/feedback`, driverFeedbackSchema, { signal }),
  });
}
