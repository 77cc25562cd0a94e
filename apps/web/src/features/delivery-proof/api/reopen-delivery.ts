import type { ReopenInput, ReopenResult } from '@cargo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `POST /api/packages/{ref}/reopen` (admin, issue 31): a closed delivery back to a status its driver works, with a reason. */
export function reopenDelivery(ref: string, input: ReopenInput): Promise<ReopenResult> {
  return api.post<ReopenResult>(`/api/packages/${encodeURIComponent(ref)}/reopen`, input);
}

/** Refetches the proof and the panel's package lists once the delivery is reopened. */
export function useReopenDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ref, input }: { ref: string; input: ReopenInput }) => reopenDelivery(ref, input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
