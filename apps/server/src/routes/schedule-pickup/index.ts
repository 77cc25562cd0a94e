import { errorSchema, pickupRequestInputSchema, pickupRequestSchema, validationErrorSchema } from '@cargo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { presentPickupRequest } from '../../presenters/pickup-request.ts';

/** The public pickup form (spec §5). */
const schedulePickupRoutes: FastifyPluginAsyncZod = async (app) => {
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
    async (request, reply) => reply.status(201).send(presentPickupRequest(await app.pickups.create(request.body))),
  );
};

export default schedulePickupRoutes;
