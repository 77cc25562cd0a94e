import {
  ERR,
  errorSchema,
  fixResultSchema,
  gpsFixSchema,
  idParam,
  liveTrackingSchema,
  liveUpdateSchema,
  validationErrorSchema,
  webLocationSchema,
} from '@cargo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/http-errors.ts';
import { mphToMs } from '../../services/fixes.ts';

const fixReplies = {
  201: fixResultSchema,
  400: validationErrorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  422: errorSchema,
  429: errorSchema,
};
const security = [{ bearer: [] }];

/** Live GPS: fixes from drivers' devices and browsers, and the public live view (design.md §4, §6). */
const trackingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/packages/:id/gps',
    {
      config: { rateLimit: app.rateLimits.fixIngest },
      schema: {
        tags: ['tracking'],
        summary: 'A GPS fix for a package (speed in m/s); the assigned driver, an admin or a driver share link',
        security,
        params: idParam,
        body: gpsFixSchema,
        response: fixReplies,
      },
    },
    async (request, reply) => {
      const result = await app.fixes.ingest(request.params.id, request.body, 'gps');
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/api/tracking/live/:id/update',
    {
      config: { rateLimit: app.rateLimits.fixIngest },
      schema: {
        tags: ['tracking'],
        summary: 'A live-tracking fix for a package (speed in mph, spec §7)',
        security,
        params: idParam,
        body: liveUpdateSchema,
        response: fixReplies,
      },
    },
    async (request, reply) => {
      const { speed, ...fix } = request.body;
      const result = await app.fixes.ingest(request.params.id, { ...fix, speed: mphToMs(speed) }, 'live');
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/api/tracking/web-location',
    {
      config: { rateLimit: app.rateLimits.fixIngest },
      schema: {
        tags: ['tracking'],
        summary: "A fix from the driver's browser for the package named by trackingId (speed in m/s)",
        security,
        body: webLocationSchema,
        response: fixReplies,
      },
    },
    async (request, reply) => {
      const { trackingId, ...fix } = request.body;
      const result = await app.fixes.ingest(trackingId, fix, 'web');
      return reply.status(201).send(result);
    },
  );

  app.get(
    '/api/tracking/live/:id',
    {
      config: { rateLimit: app.rateLimits.publicLookup },
      schema: {
        tags: ['tracking'],
        summary: "Live view of a package by tracking number or customer share-link token; the driver's position only while in transit or out for delivery",
        params: idParam,
        response: { 200: liveTrackingSchema, 404: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      const view = await app.liveTracking.view(request.params.id);
      if (!view) throw notFound(ERR.packageNotFound);
      return view;
    },
  );
};

export default trackingRoutes;
