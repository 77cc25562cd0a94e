import { apiKeyCreatedSchema, apiKeySchema, type ApiKeyInput } from '@cargo/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { integrationKeys } from './keys.ts';

/** `GET /api/api-keys`: every key, newest first (never the key itself). */
export function getApiKeys({ signal }: { signal?: AbortSignal } = {}) {
  return api.get('/api/api-keys', z.array(apiKeySchema), { signal });
}

export function useApiKeys() {
  return useQuery(queryOptions({ queryKey: integrationKeys.apiKeys, queryFn: ({ signal }) => getApiKeys({ signal }) }));
}

/** `POST /api/api-keys`: the reply holds the key, once. */
export function createApiKey(input: ApiKeyInput) {
  return api.post('/api/api-keys', input, apiKeyCreatedSchema);
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createApiKey, onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.apiKeys }) });
}

/** `POST /api/api-keys/{id}/revoke`. */
export function revokeApiKey(id: string) {
  return api.post(`/api/api-keys/${encodeURIComponent(id)}/revoke`, undefined, apiKeySchema);
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeApiKey, onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.apiKeys }) });
}
