/** Query keys of the Integrations tab. */
export const integrationKeys = {
  all: ['integrations'] as const,
  apiKeys: ['integrations', 'api-keys'] as const,
  endpoints: ['integrations', 'webhook-endpoints'] as const,
  endpoint: (id: string) => ['integrations', 'webhook-endpoint', id] as const,
  messages: (endpointId: string, status: string) => ['integrations', 'webhook-messages', endpointId, status] as const,
  allMessages: ['integrations', 'webhook-messages'] as const,
};
