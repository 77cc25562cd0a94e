import { errorSchema, idParam, pickupListQuerySchema, pickupRequestSchema, pickupStatusSchema, validationErrorSchema } from '@cargo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { presentPickupRequest } from '../../presenters/pickup-request.ts';
import { security } from '../openapi.ts';

/** The admin's list of pickup requests. */
const pickupRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/pickup-requests',
    {
      schema: {
        tags: ['pickup requests'],
        summary: 'Pickup requests, newest first: by status and search (customer, phone, email, address), a page with limit and offset; X-Total-Count gives the number matching',
        security,
        querystring: pickupListQuerySchema,
        response: { 200: z.array(pickupRequestSchema), 400: validationErrorSchema },
      },
    },
    async (request, reply) => {
      const { rows, total } = await app.pickups.search(request.query);
      reply.header('x-total-count', String(total));
      return rows.map(presentPickupRequest);
    },
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
    async (request) => presentPickupRequest(await app.pickups.setStatus(request.params.id, request.body.status, request.auditActor)),
  );
};

export default pickupRequestRoutes;
