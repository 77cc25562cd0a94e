import { deviceCreatedSchema, deviceInputSchema, deviceSchema, errorSchema, idParam, validationErrorSchema } from '@cargo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { presentCreatedDevice, presentDevice } from '../../presenters/device.ts';

import { security } from '../openapi.ts';

const deviceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/devices',
    {
      schema: {
        tags: ['devices'],
        summary: 'Register an OsmAnd tracker for a driver, with its own fixed identifier (IMEI, 8+ characters, unique) or a generated one; the identifier is answered once',
        security,
        body: deviceInputSchema,
        response: { 201: deviceCreatedSchema, 400: validationErrorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const { device, identifier } = await app.devices.create(request.body.driverId, request.body.name, request.auditActor, request.body.identifier);
      return reply.status(201).send(presentCreatedDevice(device, identifier));
    },
  );

  app.get(
    '/api/devices',
    { schema: { tags: ['devices'], summary: 'Registered trackers, newest first (never their identifiers)', security, response: { 200: z.array(deviceSchema) } } },
    async () => (await app.devices.list()).map(presentDevice),
  );

  app.delete(
    '/api/devices/:id',
    {
      schema: {
        tags: ['devices'],
        summary: 'Remove a tracker; its identifier stops working',
        security,
        params: idParam,
        response: { 204: z.null().describe('Removed'), 404: errorSchema },
      },
    },
    async (request, reply) => {
      await app.devices.remove(request.params.id, request.auditActor);
      return reply.status(204).send(null);
    },
  );
};

export default deviceRoutes;
