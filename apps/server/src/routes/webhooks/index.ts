import {
  errorSchema,
  idParam,
  validationErrorSchema,
  webhookEndpointCreatedSchema,
  webhookEndpointInputSchema,
  webhookEndpointSchema,
  webhookEndpointUpdateSchema,
  webhookMessageSchema,
  webhookMessagesQuerySchema,
  webhookReplayResultSchema,
  webhookReplaySchema,
} from '@cargo/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../../lib/http-errors.ts';
import { presentCreatedWebhookEndpoint, presentWebhookEndpoint, presentWebhookMessage } from '../../presenters/webhook.ts';
import type { WebhookCaller } from '../../services/webhooks/webhook-service.ts';
import { security } from '../openapi.ts';

const tags = ['webhooks'];
const errors = { 401: errorSchema, 403: errorSchema, 404: errorSchema };

/** An admin manages every endpoint; an API key with webhooks:manage the endpoints it registered (issue 19). */
function callerOf(request: FastifyRequest): WebhookCaller {
  const principal = request.principal;
  if (principal?.role === 'admin') return { kind: 'admin', adminId: principal.adminId };
  if (principal?.role === 'integration') return { kind: 'key', apiKeyId: principal.apiKeyId };
  throw unauthorized();
}

/** Webhook endpoints, their messages and attempts, replay and a test event (issue 19, decision 048). */
const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/webhooks/endpoints',
    {
      schema: {
        tags,
        summary: 'Registers an endpoint for the chosen event types; its signing secret (whsec_…) is in this reply only',
        security,
        body: webhookEndpointInputSchema,
        response: { 201: webhookEndpointCreatedSchema, 400: validationErrorSchema, 422: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { row, secret } = await app.webhooks.create(request.body, callerOf(request), request.auditActor);
      return reply.status(201).send(presentCreatedWebhookEndpoint(row, secret));
    },
  );

  app.get(
    '/api/webhooks/endpoints',
    { schema: { tags, summary: 'The endpoints the caller may manage, newest first (never a secret)', security, response: { 200: z.array(webhookEndpointSchema), ...errors } } },
    async (request) => (await app.webhooks.list(callerOf(request))).map(presentWebhookEndpoint),
  );

  app.get(
    '/api/webhooks/endpoints/:id',
    { schema: { tags, summary: 'One endpoint', security, params: idParam, response: { 200: webhookEndpointSchema, ...errors } } },
    async (request) => presentWebhookEndpoint(await app.webhooks.get(request.params.id, callerOf(request))),
  );

  app.patch(
    '/api/webhooks/endpoints/:id',
    {
      schema: {
        tags,
        summary: 'Changes an endpoint: address, event types, description; enabled: true enables it again after the server disabled it',
        security,
        params: idParam,
        body: webhookEndpointUpdateSchema,
        response: { 200: webhookEndpointSchema, 400: validationErrorSchema, 422: errorSchema, ...errors },
      },
    },
    async (request) => presentWebhookEndpoint(await app.webhooks.update(request.params.id, request.body, callerOf(request), request.auditActor)),
  );

  app.delete(
    '/api/webhooks/endpoints/:id',
    { schema: { tags, summary: 'Deletes an endpoint with its messages', security, params: idParam, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await app.webhooks.remove(request.params.id, callerOf(request), request.auditActor);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/webhooks/endpoints/:id/rotate-secret',
    {
      schema: {
        tags,
        summary: 'A new signing secret, in this reply only; the previous one signs too for 24 hours',
        security,
        params: idParam,
        response: { 200: webhookEndpointCreatedSchema, ...errors },
      },
    },
    async (request) => {
      const { row, secret } = await app.webhooks.rotateSecret(request.params.id, callerOf(request), request.auditActor);
      return presentCreatedWebhookEndpoint(row, secret);
    },
  );

  app.post(
    '/api/webhooks/endpoints/:id/test',
    { schema: { tags, summary: 'Sends a webhook.test event to the endpoint, like any other message', security, params: idParam, response: { 202: webhookMessageSchema, 422: errorSchema, ...errors } } },
    async (request, reply) => {
      const message = await app.webhooks.sendTest(request.params.id, callerOf(request));
      return reply.status(202).send(presentWebhookMessage(message, []));
    },
  );

  app.get(
    '/api/webhooks/endpoints/:id/messages',
    {
      schema: {
        tags,
        summary: "The endpoint's messages, newest first, each with its attempts (status code, duration, the first kilobyte of the answer, next retry)",
        security,
        params: idParam,
        querystring: webhookMessagesQuerySchema,
        response: { 200: z.array(webhookMessageSchema), 400: validationErrorSchema, ...errors },
      },
    },
    async (request) =>
      (await app.webhooks.messages(request.params.id, callerOf(request), request.query)).map(({ message, attempts }) => presentWebhookMessage(message, attempts)),
  );

  app.post(
    '/api/webhooks/endpoints/:id/replay',
    {
      schema: {
        tags,
        summary: 'Sends again every message of the endpoint made since a time',
        security,
        params: idParam,
        body: webhookReplaySchema,
        response: { 200: webhookReplayResultSchema, 400: validationErrorSchema, 422: errorSchema, ...errors },
      },
    },
    async (request) => ({ requeued: await app.webhooks.replaySince(request.params.id, request.body.since, callerOf(request)) }),
  );

  app.post(
    '/api/webhooks/messages/:id/replay',
    { schema: { tags, summary: 'Sends one message again, with the same webhook-id and body', security, params: idParam, response: { 200: webhookMessageSchema, 422: errorSchema, ...errors } } },
    async (request) => {
      const { message, attempts } = await app.webhooks.replay(request.params.id, callerOf(request));
      return presentWebhookMessage(message, attempts);
    },
  );
};

export default webhookRoutes;
