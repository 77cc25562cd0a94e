import { fleetSnapshotSchema } from '@cargo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { presentFleet } from '../../presenters/fleet.ts';
import { security } from '../openapi.ts';

/** The live fleet map's first view (admin); positions then arrive on /ws with {type: 'subscribe_fleet'}. */
const fleetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/fleet',
    {
      schema: {
        tags: ['fleet'],
        summary: 'Every active driver with position, packages on board and next stop; out for delivery, delivered and attempted today, late, unassigned',
        security,
        response: { 200: fleetSnapshotSchema },
      },
    },
    async () => presentFleet(await app.fleet.snapshot()),
  );
};

export default fleetRoutes;
