import { errorSchema, idParam, pickupRequestSchema, pickupStatusSchema, validationErrorSchema } from '@cargo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { presentPickupRequest } from '../../presenters/pickup-request.ts';
import { security } from '../openapi.ts';

/** The admin's list of pickup requests. */
const pickupRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/pickup-requests',
    { schema: { tags: ['pickup requests'], summary: 'Every pickup request, newest first', security, response: { 200: z.array(pickupRequestSchema) } } },
    async () => (await app.pickups.list()).map(presentPickupRequest),
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
    async (request) => presentPickupRequest(await app.pickups.setStatus(request.params.id, request.body.status)),
  );
};

export default pickupRequestRoutes;
