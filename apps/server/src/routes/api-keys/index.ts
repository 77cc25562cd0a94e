import { apiKeyCreatedSchema, apiKeyInputSchema, apiKeySchema, errorSchema, idParam, validationErrorSchema } from '@cargo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { presentApiKey, presentCreatedApiKey } from '../../presenters/api-key.ts';
import { security } from '../openapi.ts';

const tags = ['api keys'];

/** API keys (issue 19): an admin makes, lists and revokes them; a key never manages keys. */
const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/api-keys',
    {
      schema: {
        tags,
        summary: 'Creates an API key with a name and scopes; the key is in this reply only',
        security,
        body: apiKeyInputSchema,
        response: { 201: apiKeyCreatedSchema, 400: validationErrorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      const principal = request.principal;
      const createdBy = principal?.role === 'admin' ? `admin:${principal.adminId}` : 'unknown';
      const { row, key } = await app.apiKeys.create(request.body, createdBy, request.auditActor);
      return reply.status(201).send(presentCreatedApiKey(row, key));
    },
  );

  app.get(
    '/api/api-keys',
    { schema: { tags, summary: 'Every API key, newest first (prefix, scopes, last use; never the key)', security, response: { 200: z.array(apiKeySchema), 401: errorSchema, 403: errorSchema } } },
    async () => (await app.apiKeys.list()).map(presentApiKey),
  );

  app.post(
    '/api/api-keys/:id/revoke',
    { schema: { tags, summary: 'Revokes an API key: it is refused (401) from then on', security, params: idParam, response: { 200: apiKeySchema, 401: errorSchema, 403: errorSchema, 404: errorSchema } } },
    async (request) => presentApiKey(await app.apiKeys.revoke(request.params.id, request.auditActor)),
  );
};

export default apiKeyRoutes;
