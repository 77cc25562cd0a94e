import { customerLinkSchema, customerLinkSentSchema, type SendCustomerLinkInput } from '@cargo/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

const base = (packageId: string) => `/api/packages/${encodeURIComponent(packageId)}/customer-link`;

/** `POST /api/packages/{id}/customer-link` (admin): the package's one customer link, made on first need. */
export function useCustomerLink(packageId: string) {
  return useMutation({ mutationFn: () => api.post(base(packageId), undefined, customerLinkSchema) });
}

/** `POST /api/packages/{id}/customer-link/send` (admin): texts or emails that link to the customer now. */
export function useSendCustomerLink(packageId: string) {
  return useMutation({ mutationFn: (input: SendCustomerLinkInput) => api.post(`${base(packageId)}/send`, input, customerLinkSentSchema) });
}
