import { errorSchema, idParam, packageInputSchema, pickupListQuerySchema, pickupPackageResultSchema, pickupRequestSchema, pickupStatusSchema, validationErrorSchema } from '@cargo/shared';
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
      const { rows, total, trackingNumbers } = await app.pickups.search(request.query);
      reply.header('x-total-count', String(total));
      return rows.map((row) => presentPickupRequest(row, row.packageId ? (trackingNumbers.get(row.packageId) ?? null) : null));
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
    async (request) => {
      const row = await app.pickups.setStatus(request.params.id, request.body.status, request.auditActor);
      return presentPickupRequest(row, row.packageId ? ((await app.pickups.trackingNumbersOf([row])).get(row.packageId) ?? null) : null);
    },
  );

  app.get(
    '/api/pickup-requests/:id',
    {
      schema: { tags: ['pickup requests'], summary: 'One pickup request, with its package once made (admin)', security, params: idParam, response: { 200: pickupRequestSchema, 404: errorSchema } },
    },
    async (request) => {
      const row = await app.pickups.get(request.params.id);
      return presentPickupRequest(row, row.packageId ? ((await app.pickups.trackingNumbersOf([row])).get(row.packageId) ?? null) : null);
    },
  );

  app.post(
    '/api/pickup-requests/:id/package',
    {
      schema: {
        tags: ['pickup requests'],
        summary: 'Make the package of a pickup request (issue 32): the package as the Create form takes it; links the two and confirms the request. A second call answers the package made (200)',
        security,
        params: idParam,
        body: packageInputSchema,
        response: { 200: pickupPackageResultSchema, 201: pickupPackageResultSchema, 400: validationErrorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const { pkg, created } = await app.pickups.createPackage(request.params.id, request.body, request.auditActor);
      return reply.status(created ? 201 : 200).send({ packageId: pkg.id, trackingNumber: pkg.trackingNumber, created });
    },
  );
};

export default pickupRequestRoutes;
