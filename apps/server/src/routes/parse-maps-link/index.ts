import { errorSchema, latLngSchema, parseMapsLinkSchema, validationErrorSchema } from '@cargo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { coordinatesOf } from '../../services/maps-links.ts';
import { security } from '../openapi.ts';

const parseMapsLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/parse-maps-link',
    {
      schema: {
        tags: ['drivers'],
        summary: 'Coordinates from a maps link',
        security,
        body: parseMapsLinkSchema,
        response: { 200: latLngSchema, 400: validationErrorSchema, 422: errorSchema },
      },
    },
    async (request) => coordinatesOf(app.mapsLinks, request.body.link),
  );
};

export default parseMapsLinkRoutes;
