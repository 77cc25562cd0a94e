import type { DeliveryProof } from '@cargo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { trackingKeys } from '../../../lib/live-updates/tracking-keys.ts';

/**
 * `GET /api/delivery-proof/{ref}`: the delivery outcomes. By tracking number the outcome in words; by the customer's
 * share token the full proof with links to the photo and signature.
 */
export function getDeliveryProof(ref: string, { signal }: { signal?: AbortSignal } = {}): Promise<DeliveryProof> {
  return api.get<DeliveryProof>(`/api/delivery-proof/${encodeURIComponent(ref)}`, undefined, { signal, token: null });
}

export function getDeliveryProofQueryOptions(ref: string) {
  return queryOptions({ queryKey: trackingKeys.proof(ref), queryFn: ({ signal }) => getDeliveryProof(ref, { signal }) });
}

/** Asked only once a package is out for delivery or delivered: before that there is no outcome to show. */
export const hasOutcomes = (status: string) => status === 'out_for_delivery' || status === 'delivered';

export function useDeliveryProof(ref: string, status: string) {
  return useQuery({ ...getDeliveryProofQueryOptions(ref), enabled: !!ref && hasOutcomes(status) });
}
