import { shareLinkListItemSchema } from '@cargo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

/** `GET /api/share-links`: every live link across packages, with its id (never its token). */
export function getShareLinks({ signal }: { signal?: AbortSignal } = {}) {
  return api.get('/api/share-links', z.array(shareLinkListItemSchema), { signal });
}

export function getShareLinksQueryOptions() {
  return queryOptions({ queryKey: adminKeys.shareLinks, queryFn: ({ signal }) => getShareLinks({ signal }) });
}

export function useShareLinks() {
  return useQuery(getShareLinksQueryOptions());
}
