import type { DeliveryProof } from '@cargo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `GET /api/delivery-proof/{ref}` as an admin: every outcome in full, with links to the photo and signature. */
export function getPackageProof(ref: string): Promise<DeliveryProof> {
  return api.get<DeliveryProof>(`/api/delivery-proof/${encodeURIComponent(ref)}`);
}

export const packageProofQuery = (ref: string) => queryOptions({ queryKey: ['admin', 'delivery-proof', ref], queryFn: () => getPackageProof(ref) });

export function usePackageProof(ref: string) {
  return useQuery({ ...packageProofQuery(ref), enabled: !!ref });
}
