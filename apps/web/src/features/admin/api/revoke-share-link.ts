import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

/** `POST /api/share-links/{id}/revoke`: by the id the list gives, so it works after a reload. */
export function revokeShareLink(id: string) {
  return api.post(`/api/share-links/${encodeURIComponent(id)}/revoke`);
}

export function useRevokeShareLink() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeShareLink, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.shareLinks }) });
}
