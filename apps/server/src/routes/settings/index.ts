import {
  errorSchema,
  globalLocationInputSchema,
  globalLocationSchema,
  globalLocationUpdatedSchema,
  realLocationSaveSchema,
  realLocationSchema,
  successSchema,
  validationErrorSchema,
} from '@cargo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const security = [{ bearer: [] }];

const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
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
      const stored = await app.settings.setCurrentLocation(location, lat, lng);
      return { message: 'Current location updated', ...stored };
    },
  );

  app.post(
    '/api/tracking/real-location/save',
    {
      schema: {
        tags: ['settings'],
        summary: "Store a real-location link and its time for the admin's Tracking tab",
        security,
        body: realLocationSaveSchema,
        response: { 200: successSchema.extend(realLocationSchema.shape), 400: validationErrorSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const saved = await app.settings.setRealLocation(request.body.realLocationLink, request.body.timestamp);
      return { success: true, ...saved };
    },
  );

  app.get(
    '/api/tracking/real-location',
    { schema: { tags: ['settings'], summary: 'The stored real-location link and its time', security, response: { 200: realLocationSchema } } },
    async () => app.settings.realLocation(),
  );
};

export default settingsRoutes;
