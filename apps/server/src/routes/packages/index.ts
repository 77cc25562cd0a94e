import type { ApiKeyScope } from '@cargo/shared';
import {
  batchDeleteSchema,
  clearOldSchema,
  deletedCountSchema,
  ERR,
  errorSchema,
  gpsFixSchema,
  idParam,
  locationLinkSchema,
  locationRecordSchema,
  packageInputSchema,
  packageListQuerySchema,
  packageLocationSchema,
  packageSchema,
  packageViewSchema,
  shareLinkSchema,
  statusHistoryEntrySchema,
  statusPatchSchema,
  statusUpdateResponseSchema,
  statusUpdateSchema,
  validationErrorSchema,
} from '@cargo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { tokenOf } from '../../plugins/auth.ts';
import { forbidden, notFound } from '../../lib/http-errors.ts';
import { maySetLocation } from '../../policies/package-location.ts';
import { packageViewFor, type PackageView } from '../../policies/package-view.ts';
import { presentHistoryFor, presentLocation, presentPackage, presentPackageFor, presentPublicPackage } from '../../presenters/package.ts';
import { presentShareLink } from '../../presenters/share-link.ts';
import { fixReplies, security } from '../openapi.ts';
import outcomeRoutes from './outcomes.ts';
import paymentRoutes from './payments.ts';
import type { LocationActor, PackageRow } from '../../services/packages.ts';

const tags = ['packages'];
/** Sends a body that is already JSON text, past the route's serializer. */
const sendJsonText = (reply: FastifyReply, json: string): FastifyReply =>
  reply.type('application/json; charset=utf-8').serializer((payload: unknown) => payload as string).send(json);
/** :id is the package id or its tracking number (trimmed, case-insensitive). */
const params = idParam.describe('Package id or tracking number');
const IDEMPOTENT =
  'Takes an `Idempotency-Key` header: the same key with the same body within 24 hours answers the first reply again (header `Idempotent-Replayed: true`) and changes nothing; the same key with another body is a 422.';
const idempotencyHeader = z.looseObject({ 'idempotency-key': z.string().optional().describe('Any 1-255 visible ASCII characters, unique per operation (a UUID)') });

const packageRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * Public routes skip the auth plugin's session lookup, so the caller is resolved here: an admin or the assigned
   * driver gets their view; anyone else (an invalid or expired token too) the public one.
   */
  const viewFor = async (request: FastifyRequest, pkg: PackageRow, keyScope: ApiKeyScope = 'packages:read'): Promise<PackageView> =>
    packageViewFor(await app.principals.resolve(tokenOf(request), { acceptShareLink: false }), pkg, keyScope);

  // Public tracking (design.md §4): the public view, or the full one for an admin or the assigned driver.
  app.get(
    '/api/packages/:id',
    {
      preHandler: app.publicLookupLimit(),
      schema: {
        tags,
        summary: 'A package by id or tracking number (public view; full view for an admin or the assigned driver)',
        params,
        response: { 200: packageViewSchema, 404: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      // Without a token the view is the public one: held in memory as sent, until the package changes (issue 11).
      if (!tokenOf(request)) {
        const view = await app.hotState.publicView(request.params.id, (pkg) => JSON.stringify(presentPublicPackage(pkg)));
        if (view === undefined) throw notFound(ERR.packageNotFound);
        return sendJsonText(reply, view);
      }
      const pkg = await app.packages.getByRef(request.params.id);
      return presentPackageFor(await viewFor(request, pkg), pkg);
    },
  );

  app.get(
    '/api/packages/:id/history',
    {
      preHandler: app.publicLookupLimit(),
      schema: {
        tags,
        summary: 'Status history of a package, oldest first',
        params,
        response: { 200: z.array(statusHistoryEntrySchema), 404: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      const pkg = await app.packages.getByRef(request.params.id);
      const view = await viewFor(request, pkg);
      return (await app.packages.history(pkg.id)).map((row) => presentHistoryFor(view, row));
    },
  );

  app.get(
    '/api/packages/:id/locations',
    {
      preHandler: app.publicLookupLimit(),
      schema: {
        tags,
        summary: 'Locations of a package, newest first: to the public only origin, destination and the newest live fix',
        params,
        response: { 200: z.array(locationRecordSchema), 404: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      const pkg = await app.packages.getByRef(request.params.id);
      return (await app.packages.locations(pkg, await viewFor(request, pkg, 'tracking:read'))).map(presentLocation);
    },
  );

  // Admin
  app.get(
    '/api/packages',
    {
      schema: {
        tags,
        summary: 'Every package, newest first (admin); X-Total-Count gives the number matching the filters',
        security,
        querystring: packageListQuerySchema,
        response: { 200: z.array(packageSchema), 400: validationErrorSchema },
      },
    },
    async (request, reply) => {
      const { rows, total } = await app.packages.list(request.query);
      reply.header('x-total-count', String(total));
      return rows.map(presentPackage);
    },
  );

  app.post(
    '/api/packages',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Create a package; addresses are geocoded unless coordinates are given',
        description: IDEMPOTENT,
        headers: idempotencyHeader,
        security,
        body: packageInputSchema,
        response: { 201: packageSchema, 400: validationErrorSchema, 404: errorSchema, 409: errorSchema, 422: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const pkg = await app.packages.create(request.body, request.auditActor);
      return reply.status(201).send(presentPackage(pkg));
    },
  );

  app.put(
    '/api/packages/:id',
    {
      schema: {
        tags,
        summary: 'Replace a package (also assigns or unassigns its driver)',
        security,
        params,
        body: packageInputSchema,
        response: { 200: packageSchema, 400: validationErrorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => presentPackage(await app.packages.update(request.params.id, request.body, request.auditActor)),
  );

  app.delete(
    '/api/packages/:id',
    {
      schema: { tags, summary: 'Delete a package with its history, locations and share links', security, params, response: { 204: z.null(), 404: errorSchema } },
    },
    async (request, reply) => {
      await app.packages.remove(request.params.id, request.auditActor);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/packages/:id/status',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Add a status update (admin): a history entry and the package status and location',
        description: IDEMPOTENT,
        headers: idempotencyHeader,
        security,
        params,
        body: statusUpdateSchema,
        response: { 200: statusUpdateResponseSchema, 400: validationErrorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const { status, location, description, timestamp } = request.body;
      const pkg = await app.packages.addStatus(request.params.id, { status, location, description, timestamp }, request.auditActor);
      return { success: true as const, package: presentPackage(pkg) };
    },
  );

  app.patch(
    '/api/packages/:id/status',
    {
      schema: {
        tags,
        summary: 'Change the status of an assigned package (driver dashboard) or any package (admin)',
        description: 'A driver cannot change a closed delivery (delivered, returned or cancelled): 409 with the reason; dispatch reopens it (POST /api/packages/{id}/reopen).',
        security,
        params,
        body: statusPatchSchema,
        response: { 200: packageSchema, 400: validationErrorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => {
      const principal = request.principal;
      const driver = principal?.role === 'driver' ? await app.drivers.findById(principal.driverId) : undefined;
      const pkg = await app.packages.changeStatus(request.params.id, request.body.status, driver?.name ?? 'Dispatch', request.auditActor, { byDriver: principal?.role === 'driver' });
      return presentPackage(pkg);
    },
  );

  app.post(
    '/api/packages/:id/location',
    {
      schema: {
        tags,
        summary: 'Set a location of a package by hand (assigned driver or admin)',
        security,
        params,
        body: packageLocationSchema,
        response: { 201: locationRecordSchema, 400: validationErrorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const principal = request.principal;
      const driver = principal?.role === 'driver' ? await app.drivers.findById(principal.driverId) : undefined;
      const actor: LocationActor | null = driver ? { driverName: driver.name, driverPhone: driver.phone, vehicleId: driver.vehicleId } : null;
      const { lat, lng, type, address } = request.body;
      if (!maySetLocation(principal, type)) throw forbidden();
      const record = await app.packages.addLocation(request.params.id, { lat, lng, type, address }, actor, request.auditActor);
      return reply.status(201).send(presentLocation(record));
    },
  );

  app.post(
    '/api/packages/:id/location-link',
    {
      schema: {
        tags,
        summary: 'Set (or, with null, remove) the real location link of a package',
        security,
        params,
        body: locationLinkSchema,
        response: { 200: packageSchema, 400: validationErrorSchema, 404: errorSchema },
      },
    },
    async (request) => presentPackage(await app.packages.setLocationLink(request.params.id, request.body.locationLink, request.auditActor)),
  );

  app.post(
    '/api/packages/batch-delete',
    {
      schema: {
        tags,
        summary: 'Delete the selected packages in one transaction',
        security,
        body: batchDeleteSchema,
        response: { 200: deletedCountSchema, 400: validationErrorSchema },
      },
    },
    async (request) => ({ deletedCount: await app.packages.batchDelete(request.body.packageIds, request.auditActor) }),
  );

  app.post(
    '/api/packages/clear-old',
    {
      schema: {
        tags,
        summary: 'Delete the packages created more than daysOld days ago',
        security,
        body: clearOldSchema,
        response: { 200: deletedCountSchema, 400: validationErrorSchema },
      },
    },
    async (request) => ({ deletedCount: await app.packages.clearOld(request.body.daysOld, request.auditActor) }),
  );

  // Live GPS and share links of one package
  app.post(
    '/api/packages/:id/gps',
    {
      schema: {
        tags,
        summary: 'A GPS fix for a package (speed in m/s); the assigned driver, an admin or a driver share link',
        security,
        params: idParam,
        body: gpsFixSchema,
        response: fixReplies,
      },
    },
    async (request, reply) => {
      await app.ingestLimit.hitPrincipal(request);
      const { locationId, movedCurrent } = await app.fixes.ingest(request.params.id, request.body, 'gps');
      // The busiest reply of the server, written out rather than checked and serialised per request (issue 11).
      return sendJsonText(reply.status(201), `{"success":true,"locationId":${JSON.stringify(locationId)},"movedCurrent":${movedCurrent}}`);
    },
  );

  app.get(
    '/api/packages/:id/share-links',
    {
      schema: {
        tags,
        summary: "A package's share links (never their tokens)",
        security,
        params: idParam,
        response: { 200: z.array(shareLinkSchema), 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => (await app.shareLinks.listForPackage(request.params.id)).map(presentShareLink),
  );

  // Delivery outcomes and the proof-of-delivery receipt (issue 18).
  await app.register(outcomeRoutes);
  await app.register(paymentRoutes);
};

export default packageRoutes;
