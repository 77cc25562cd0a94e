import { globalLocationInputSchema, globalLocationSchema, globalLocationUpdatedSchema, validationErrorSchema } from '@cargo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { security } from '../openapi.ts';

/** The global current location (spec §3 settings). */
const currentLocationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/current-location',
    { schema: { tags: ['settings'], summary: 'The global current location (nulls when never set)', response: { 200: globalLocationSchema } } },
    async () => app.settings.currentLocation(),
  );

  app.post(
    '/api/current-location',
    {
      schema: {
        tags: ['settings'],
        summary: 'Set the global current location; coordinates are kept only when both are given',
        security,
        body: globalLocationInputSchema,
        response: { 200: globalLocationUpdatedSchema, 400: validationErrorSchema },
      },
    },
    async (request) => {
      const { location, lat, lng } = request.body;
      const stored = await app.settings.setCurrentLocation(request.auditActor, location, lat, lng);
      return { message: 'Current location updated', ...stored };
    },
  );
};

export default currentLocationRoutes;
