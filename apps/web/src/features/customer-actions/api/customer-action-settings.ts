import { customerActionSettingsSchema, deliveryRequirementsSchema, type CustomerActionSettings } from '@cargo/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { dispatchKeys } from './package-customer-actions.ts';

/** `GET /api/customer-actions/settings` (admin). */
export function useCustomerActionSettings() {
  return useQuery({ queryKey: dispatchKeys.settings, queryFn: ({ signal }) => api.get('/api/customer-actions/settings', customerActionSettingsSchema, { signal }) });
}

/** `PUT /api/customer-actions/settings` (admin). */
export function useSaveCustomerActionSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: CustomerActionSettings) => api.put('/api/customer-actions/settings', settings, customerActionSettingsSchema),
    onSuccess: (saved) => queryClient.setQueryData(dispatchKeys.settings, saved),
  });
}

/**
 * `GET /api/delivery-requirements` (admin): which service types ask for a signature. A customer may waive the
 * signature only where it does not (decision 102), so the settings show the waivable types from here.
 */
export function useSignatureRules() {
  return useQuery({ queryKey: dispatchKeys.requirements, queryFn: ({ signal }) => api.get('/api/delivery-requirements', deliveryRequirementsSchema, { signal }) });
}
