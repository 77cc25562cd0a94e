import type { PublicPackage } from '@cargo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { trackingKeys } from '../../../lib/live-updates/tracking-keys.ts';

/** `GET /api/packages/{trackingNumber}`: the public view (the server masks the customer's phone). */
export function getPackage(trackingNumber: string, { signal }: { signal?: AbortSignal } = {}): Promise<PublicPackage> {
  return api.get<PublicPackage>(`/api/packages/${encodeURIComponent(trackingNumber)}`, undefined, { signal });
}

export function getPackageQueryOptions(trackingNumber: string) {
  return queryOptions({
    queryKey: trackingKeys.package(trackingNumber),
    queryFn: ({ signal }) => getPackage(trackingNumber, { signal }),
  });
}

/** The package of the search; idle until there is a tracking number. */
export function usePackage(trackingNumber: string | null) {
  return useQuery({ ...getPackageQueryOptions(trackingNumber ?? ''), enabled: !!trackingNumber });
}
