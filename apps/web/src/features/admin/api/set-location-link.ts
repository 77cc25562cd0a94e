import { packageSchema } from '@cargo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

/** `POST /api/packages/{id}/location-link`: sets the real location link, or removes it with null. */
export function setLocationLink({ id, link }: { id: string; link: string | null }) {
  return api.post(`/api/packages/${encodeURIComponent(id)}/location-link`, { locationLink: link }, packageSchema);
}

export function useSetLocationLink() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setLocationLink, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.packages }) });
}
