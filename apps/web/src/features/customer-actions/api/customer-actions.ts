import type { CustomerActionsView, CustomerInstructionsInput, FeedbackInput, RescheduleInput } from '@cargo/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ApiError } from '../../../lib/api-client.ts';

/**
 * The customer's actions through their link (issue 33): `GET /api/customer-links/{token}` (404 for a tracking number,
 * so the page shows nothing to act on), and the three changes, each answering the page's next state.
 */
const path = (token: string) => `/api/customer-links/${encodeURIComponent(token)}`;
export const customerActionKeys = { view: (token: string) => ['customer-actions', token] as const };

export function getCustomerActions(token: string, { signal }: { signal?: AbortSignal } = {}): Promise<CustomerActionsView> {
  return api.get<CustomerActionsView>(path(token), undefined, { signal, token: null });
}

export function getCustomerActionsQueryOptions(token: string) {
  // A tracking number is not a link: its 404 is the answer, not a failure to retry.
  return queryOptions({ queryKey: customerActionKeys.view(token), queryFn: ({ signal }) => getCustomerActions(token, { signal }), retry: false, staleTime: 30_000 });
}

export function useCustomerActions(token: string) {
  return useQuery({ ...getCustomerActionsQueryOptions(token), enabled: !!token });
}

type Change = { kind: 'instructions'; body: CustomerInstructionsInput } | { kind: 'reschedule'; body: RescheduleInput } | { kind: 'feedback'; body: FeedbackInput };

export function sendCustomerAction(token: string, change: Change): Promise<CustomerActionsView> {
  if (change.kind === 'reschedule') return api.post<CustomerActionsView>(`${path(token)}/reschedule`, change.body, undefined, { token: null });
  return api.put<CustomerActionsView>(`${path(token)}/${change.kind}`, change.body, undefined, { token: null });
}

export function useCustomerAction(token: string) {
  const client = useQueryClient();
  return useMutation<CustomerActionsView, ApiError | Error, Change>({
    mutationFn: (change) => sendCustomerAction(token, change),
    onSuccess: (view) => client.setQueryData(customerActionKeys.view(token), view),
  });
}
