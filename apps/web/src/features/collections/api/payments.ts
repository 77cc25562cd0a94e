import { collectionsSchema, packageLedgerSchema, paymentResultSchema, type HandoverInput, type PaymentAdjustment, type PaymentInput } from '@cargo/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

export const collectionKeys = {
  ledger: (packageId: string) => ['collections', 'ledger', packageId] as const,
  day: (day: string) => ['collections', 'day', day] as const,
  all: ['collections'] as const,
};

const base = (packageId: string) => `/api/packages/${encodeURIComponent(packageId)}/payments`;

/** `GET /api/packages/{id}/payments`: the package's ledger. */
export function useLedger(packageId: string) {
  return useQuery({ queryKey: collectionKeys.ledger(packageId), queryFn: ({ signal }) => api.get(base(packageId), packageLedgerSchema, { signal }) });
}

function useLedgerMutation<I>(packageId: string, send: (input: I) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => queryClient.invalidateQueries({ queryKey: collectionKeys.all }) });
}

/** `POST /api/packages/{id}/payments`. */
export const useRecordPayment = (packageId: string) => useLedgerMutation(packageId, (input: PaymentInput) => api.post(base(packageId), input, paymentResultSchema));
/** `POST /api/packages/{id}/payments/adjustments` (admin). */
export const useAdjustPayment = (packageId: string) => useLedgerMutation(packageId, (input: PaymentAdjustment) => api.post(`${base(packageId)}/adjustments`, input, paymentResultSchema));
/** `POST /api/packages/{id}/payments/release` (admin). */
export const useReleasePackage = (packageId: string) => useLedgerMutation(packageId, (input: { reason: string }) => api.post(`${base(packageId)}/release`, input, paymentResultSchema));

/** `GET /api/collections?day=`. */
export function useCollections(day: string) {
  return useQuery({ queryKey: collectionKeys.day(day), queryFn: ({ signal }) => api.get(`/api/collections?day=${encodeURIComponent(day)}`, collectionsSchema, { signal }), enabled: /^\d{4}-\d{2}-\d{2}$/.test(day) });
}

/** `POST /api/collections/handovers`. */
export function useRecordHandover() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: HandoverInput) => api.post('/api/collections/handovers', input, z.object({ success: z.literal(true) })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: collectionKeys.all }),
  });
}
