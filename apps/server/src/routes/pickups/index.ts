import { errorSchema, idParam, pickupRequestInputSchema, pickupRequestSchema, pickupStatusSchema, validationErrorSchema } from '@cargo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const security = [{ bearer: [] }];

const pickupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/schedule-pickup',
    {
      config: { rateLimit: app.rateLimits.pickupRequest },
      schema: {
        tags: ['pickup requests'],
        summary: 'Request a pickup (public form)',
        body: pickupRequestInputSchema,
        response: { 201: pickupRequestSchema, 400: validationErrorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await app.pickups.create(request.body)),
  );

  app.get(
    '/api/pickup-requests',
    { schema: { tags: ['pickup requests'], summary: 'Every pickup request, newest first', security, response: { 200: z.array(pickupRequestSchema) } } },
    async () => app.pickups.list(),
  );

  app.patch(
    '/api/pickup-requests/:id/status',
    {
      schema: {
        tags: ['pickup requests'],
        summary: 'Set a pickup request to pending, confirmed or completed',
        security,
        params: idParam,
        body: pickupStatusSchema,
        response: { 200: pickupRequestSchema, 400: validationErrorSchema, 404: errorSchema },
      },
    },
    async (request) => app.pickups.setStatus(request.params.id, request.body.status),
  );
};

export default pickupRoutes;
