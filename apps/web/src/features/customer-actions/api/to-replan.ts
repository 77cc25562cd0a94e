import { toReplanItemSchema } from '@cargo/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { dispatchKeys } from './package-customer-actions.ts';

/** `GET /api/customer-actions/to-replan` (admin): packages whose customer chose a new day since their route was accepted. */
export function useToReplan() {
  return useQuery({ queryKey: dispatchKeys.toReplan, queryFn: ({ signal }) => api.get('/api/customer-actions/to-replan', z.array(toReplanItemSchema), { signal }) });
}
