import {
  ERR,
  errorSchema,
  idParam,
  liveTrackingSchema,
  liveUpdateSchema,
  packageLookupQuerySchema,
  packageLookupSchema,
  realLocationSaveSchema,
  realLocationSchema,
  smsSetupSchema,
  successSchema,
  validationErrorSchema,
  webLocationSchema,
} from '@cargo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/http-errors.ts';
import { presentLiveTracking } from '../../presenters/live-tracking.ts';
import { presentPublicPackage } from '../../presenters/package.ts';
import { mphToMs } from '../../services/fixes.ts';
import { fixReplies, security } from '../openapi.ts';

/**
 * /api/tracking: live GPS fixes from drivers' browsers, the public live view (design.md §4, §6), the public lookup
 * of several packages, the SMS that sends a driver its tracking link, and the admin's stored real-location link.
 */
const trackingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/tracking/live/:id/update',
    {
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
      await app.ingestLimit.hitPrincipal(request);
      const { speed, ...fix } = request.body;
      const result = await app.fixes.ingest(request.params.id, { ...fix, speed: mphToMs(speed) }, 'live');
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/api/tracking/web-location',
    {
      schema: {
        tags: ['tracking'],
        summary: "A fix from the driver's browser for the package named by trackingId (speed in m/s)",
        security,
        body: webLocationSchema,
        response: fixReplies,
      },
    },
    async (request, reply) => {
      await app.ingestLimit.hitPrincipal(request);
      const { trackingId, ...fix } = request.body;
      const result = await app.fixes.ingest(trackingId, fix, 'web');
      return reply.status(201).send(result);
    },
  );

  app.get(
    '/api/tracking/live/:id',
    {
      preHandler: app.publicLookupLimit(),
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
      return presentLiveTracking(view, await app.arrivalWindows.viewOf(view.pkg, view.nowMs));
    },
  );

  // Several packages at once for a browser's Recent Packages: one public lookup instead of one per row.
  app.get(
    '/api/tracking/packages',
    {
      // Every tracking number asked counts, so ten at once cost ten lookups.
      preHandler: app.publicLookupLimit((request) => (request.query as { trackingNumbers: string[] }).trackingNumbers.length),
      schema: {
        tags: ['tracking'],
        summary: 'Public views of up to 10 packages by tracking number (comma-separated), each counted as a lookup',
        querystring: packageLookupQuerySchema,
        response: { 200: packageLookupSchema, 400: validationErrorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      const { found, missing } = await app.packages.findByTrackingNumbers(request.query.trackingNumbers);
      return { packages: found.map(presentPublicPackage), notFound: missing };
    },
  );

  app.post(
    '/api/tracking/sms-setup',
    {
      schema: {
        tags: ['tracking'],
        summary: "Text a tracking link to a driver's phone through the configured SMS gateway",
        security,
        body: smsSetupSchema,
        response: { 200: successSchema, 400: validationErrorSchema, 502: errorSchema, 503: errorSchema },
      },
    },
    async (request) => {
      await app.sms.sendTrackingLink(request.body.driverPhone, request.body.trackingLink);
      return { success: true };
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
      const saved = await app.settings.setRealLocation(request.auditActor, request.body.realLocationLink, request.body.timestamp);
      return { success: true, ...saved };
    },
  );

  app.get(
    '/api/tracking/real-location',
    { schema: { tags: ['settings'], summary: 'The stored real-location link and its time', security, response: { 200: realLocationSchema } } },
    async () => app.settings.realLocation(),
  );
};

export default trackingRoutes;
