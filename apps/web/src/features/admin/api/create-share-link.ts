import { shareLinkCreatedSchema, type shareLinkInputSchema } from '@cargo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

/** `POST /api/share-links`: the url carries the token, shown once. */
export function createShareLink(input: z.input<typeof shareLinkInputSchema>) {
  return api.post('/api/share-links', input, shareLinkCreatedSchema);
}

export function useCreateShareLink() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createShareLink, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.shareLinks }) });
}
