import type { ShareLinkResolved } from '@cargo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `GET /api/share-links/{token}`: the package a driver share link covers (public view) and when it expires; 404 otherwise. */
export function resolveShareLink(token: string, { signal }: { signal?: AbortSignal } = {}): Promise<ShareLinkResolved> {
  return api.get<ShareLinkResolved>(`/api/share-links/${encodeURIComponent(token)}`, undefined, { signal, token: null });
}

export function resolveShareLinkQueryOptions(token: string) {
  return queryOptions({ queryKey: ['share-links', token], queryFn: ({ signal }) => resolveShareLink(token, { signal }) });
}

export function useResolvedShareLink(token: string | null) {
  return useQuery({ ...resolveShareLinkQueryOptions(token ?? ''), enabled: !!token });
}
