import {
  webhookEndpointCreatedSchema,
  webhookEndpointSchema,
  webhookMessageSchema,
  webhookReplayResultSchema,
  type WebhookEndpoint,
  type WebhookEndpointInput,
  type WebhookEndpointUpdate,
  type WebhookMessageStatus,
} from '@cargo/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { integrationKeys } from './keys.ts';

const endpointPath = (id: string) => `/api/webhooks/endpoints/${encodeURIComponent(id)}`;

/** How often an open deliveries view asks again, so a new attempt shows without a reload. */
export const DELIVERIES_REFRESH_MS = 2500;

/** `GET /api/webhooks/endpoints`. */
export function getEndpoints({ signal }: { signal?: AbortSignal } = {}) {
  return api.get('/api/webhooks/endpoints', z.array(webhookEndpointSchema), { signal });
}

export function useEndpoints() {
  return useQuery(queryOptions({ queryKey: integrationKeys.endpoints, queryFn: ({ signal }) => getEndpoints({ signal }) }));
}

/** `GET /api/webhooks/endpoints/{id}`. */
export function getEndpoint(id: string, { signal }: { signal?: AbortSignal } = {}) {
  return api.get(endpointPath(id), webhookEndpointSchema, { signal });
}

/**
 * One endpoint asked again with its open deliveries view, so a state the server changed meanwhile (disabled after a 410
 * or five failing days) shows without a reload: each answer replaces the endpoint in the list.
 */
export function useLiveEndpoint(id: string) {
  const queryClient = useQueryClient();
  const query = useQuery(
    queryOptions({ queryKey: integrationKeys.endpoint(id), queryFn: ({ signal }) => getEndpoint(id, { signal }), refetchInterval: DELIVERIES_REFRESH_MS }),
  );
  const fresh = query.data;
  useEffect(() => {
    if (!fresh) return;
    queryClient.setQueryData<WebhookEndpoint[]>(integrationKeys.endpoints, (list) => list?.map((endpoint) => (endpoint.id === fresh.id ? fresh : endpoint)));
  }, [fresh, queryClient]);
  return query;
}

/** `POST /api/webhooks/endpoints`: the reply holds the signing secret, once. */
export function createEndpoint(input: WebhookEndpointInput) {
  return api.post('/api/webhooks/endpoints', input, webhookEndpointCreatedSchema);
}

/** `PATCH /api/webhooks/endpoints/{id}`. */
export function updateEndpoint({ id, changes }: { id: string; changes: WebhookEndpointUpdate }) {
  return api.patch(endpointPath(id), changes, webhookEndpointSchema);
}

/** `DELETE /api/webhooks/endpoints/{id}`. */
export function deleteEndpoint(id: string) {
  return api.delete(endpointPath(id));
}

/** `POST /api/webhooks/endpoints/{id}/rotate-secret`: the new secret, once. */
export function rotateSecret(id: string) {
  return api.post(`${endpointPath(id)}/rotate-secret`, undefined, webhookEndpointCreatedSchema);
}

/** `POST /api/webhooks/endpoints/{id}/test`: a webhook.test message, sent like any other. */
export function sendTestEvent(id: string) {
  return api.post(`${endpointPath(id)}/test`, undefined, webhookMessageSchema);
}

/** `GET /api/webhooks/endpoints/{id}/messages`: newest first, each with its attempts. */
export function getMessages(id: string, status: WebhookMessageStatus | '', { signal }: { signal?: AbortSignal } = {}) {
  const query = new URLSearchParams({ limit: '50' });
  if (status) query.set('status', status);
  return api.get(`${endpointPath(id)}/messages?${query.toString()}`, z.array(webhookMessageSchema), { signal });
}

/** The open deliveries view of one endpoint, asked again every few seconds. */
export function useMessages(id: string, status: WebhookMessageStatus | '') {
  return useQuery(
    queryOptions({
      queryKey: integrationKeys.messages(id, status),
      queryFn: ({ signal }) => getMessages(id, status, { signal }),
      refetchInterval: DELIVERIES_REFRESH_MS,
      placeholderData: keepPreviousData,
    }),
  );
}

/** `POST /api/webhooks/messages/{id}/replay`: the same webhook-id and body, sent again. */
export function replayMessage(id: string) {
  return api.post(`/api/webhooks/messages/${encodeURIComponent(id)}/replay`, undefined, webhookMessageSchema);
}

/** `POST /api/webhooks/endpoints/{id}/replay`: every message since a time. */
export function replaySince({ id, since }: { id: string; since: string }) {
  return api.post(`${endpointPath(id)}/replay`, { since }, webhookReplayResultSchema);
}

function useEndpointMutation<A, R>(mutationFn: (args: A) => Promise<R>, alsoMessages = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      // The list, and each open endpoint's own query (a poll that left before the change would bring the old state back).
      await Promise.all([queryClient.invalidateQueries({ queryKey: integrationKeys.endpoints }), queryClient.invalidateQueries({ queryKey: ['integrations', 'webhook-endpoint'] })]);
      if (alsoMessages) await queryClient.invalidateQueries({ queryKey: integrationKeys.allMessages });
    },
  });
}

export const useCreateEndpoint = () => useEndpointMutation(createEndpoint);
export const useUpdateEndpoint = () => useEndpointMutation(updateEndpoint);
export const useDeleteEndpoint = () => useEndpointMutation(deleteEndpoint);
export const useRotateSecret = () => useEndpointMutation(rotateSecret);
export const useSendTestEvent = () => useEndpointMutation(sendTestEvent, true);
export const useReplayMessage = () => useEndpointMutation(replayMessage, true);
export const useReplaySince = () => useEndpointMutation(replaySince, true);
