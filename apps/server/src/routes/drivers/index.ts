import {
  ERR,
  driverCreatedSchema,
  driverInputSchema,
  driverLocationResponseSchema,
  driverLocationSchema,
  driverPinInputSchema,
  driverPinResponseSchema,
  driverRegisterSchema,
  driverRouteSchema,
  driverSchema,
  driverSessionResponseSchema,
  driverSessionSchema,
  driverUpdateSchema,
  errorSchema,
  idParam,
  locationFromLinkResponseSchema,
  locationFromLinkSchema,
  packageSchema,
  validationErrorSchema,
  fixBatchResultSchema,
  fixBatchSchema,
  ownDeviceCreatedSchema,
  ownDeviceInputSchema,
} from '@cargo/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { presentOwnDevice } from '../../presenters/device.ts';
import { z } from 'zod';
import { badRequest, forbidden, unprocessable } from '../../lib/http-errors.ts';
import { normalizePhone } from '../../lib/phone.ts';
import { presentCreatedDriver, presentDriver, presentDriverRoute } from '../../presenters/driver.ts';
import { presentDriverPackage } from '../../presenters/package.ts';
import { checkFixAlone } from '../../services/fix-filters.ts';
import { coordinatesOf } from '../../services/maps-links.ts';
import { security } from '../openapi.ts';

const phoneParam = z.object({ phone: z.string().min(1).max(100) });
/** A 400 from the schema carries issues; one from the handler only a message. */
const badRequestSchema = validationErrorSchema.partial({ issues: true });

/**
 * The URL Traccar Client is given: the OSMAND_PORT listener on this host when one is configured (it takes any path,
 * like Traccar's port 5055), otherwise /api/osmand on the site's own origin.
 */
function osmandServerUrl(app: FastifyInstance, request: FastifyRequest): string {
  const origin = (app.env.PUBLIC_URL ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');
  if (app.env.OSMAND_PORT) return `http://${new URL(origin).hostname}:${app.env.OSMAND_PORT}`;
  return `${origin}/api/osmand`;
}

const driverRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/drivers',
    {
      schema: {
        tags: ['drivers'],
        summary: 'Create a driver; the PIN (given or generated) is answered once',
        security,
        body: driverInputSchema,
        response: { 201: driverCreatedSchema, 400: validationErrorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const { driver, pin } = await app.drivers.create(request.body, request.auditActor);
      return reply.status(201).send(presentCreatedDriver(driver, pin));
    },
  );

  app.post(
    '/api/drivers/session',
    {
      schema: {
        tags: ['drivers'],
        summary: 'Driver sign-in with phone and PIN',
        body: driverSessionSchema,
        response: { 200: driverSessionResponseSchema, 400: validationErrorSchema, 401: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      const phone = normalizePhone(request.body.phone);
      const pin = request.body.pin;
      const driver = await app.audit.signIn(
        'driver',
        phone,
        request.ip,
        () => app.signInGuard.attempt('driver', phone, request.ip, () => app.drivers.authenticate(phone, pin), ERR.invalidDriverCredentials),
      );
      const token = await app.sessions.create('driver', driver.id);
      return { token, driver: presentDriver(driver) };
    },
  );

  app.post(
    '/api/drivers/register',
    {
      config: { rateLimit: app.rateLimits.driverRegister },
      schema: {
        tags: ['drivers'],
        summary: "The driver portal's account for an unknown phone, signed in",
        body: driverRegisterSchema,
        response: { 201: driverSessionResponseSchema, 400: validationErrorSchema, 409: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const { phone, pin, name } = request.body;
      const stored = normalizePhone(phone);
      // The portal's own account: the new driver is its own actor.
      const { driver } = await app.drivers.create({ name: name ?? `Driver (${stored})`, phone, email: null, pin }, 'self-registered');
      const token = await app.sessions.create('driver', driver.id);
      return reply.status(201).send({ token, driver: presentDriver(driver) });
    },
  );

  app.get(
    '/api/drivers/me',
    { schema: { tags: ['drivers'], summary: 'The signed-in driver', security, response: { 200: driverSchema, 401: errorSchema, 403: errorSchema } } },
    async (request) => {
      const principal = request.principal;
      if (principal?.role !== 'driver') throw forbidden();
      return presentDriver(await app.drivers.get(principal.driverId));
    },
  );

  app.post(
    '/api/drivers/me/devices',
    {
      schema: {
        tags: ['drivers'],
        summary: "Registers the signed-in driver's own phone as an OsmAnd device for Traccar Client; the identifier is answered once",
        security,
        body: ownDeviceInputSchema.nullish(),
        response: { 201: ownDeviceCreatedSchema, 400: validationErrorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      const principal = request.principal;
      if (principal?.role !== 'driver') throw forbidden();
      const { device, identifier } = await app.devices.create(principal.driverId, request.body?.name ?? 'Phone (Traccar Client)', request.auditActor);
      return reply.status(201).send(presentOwnDevice(device, identifier, osmandServerUrl(app, request)));
    },
  );

  app.post(
    '/api/drivers/:id/fixes',
    {
      schema: {
        tags: ['drivers'],
        summary: "A driver's queued fixes in one request (offline queue), each with its own result, in the order sent",
        security,
        params: idParam,
        body: fixBatchSchema,
        response: { 200: fixBatchResultSchema, 400: validationErrorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 413: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      await app.ingestLimit.hitPrincipal(request);
      await app.drivers.get(request.params.id);
      return app.fixes.ingestDriverBatch(request.params.id, request.body.fixes);
    },
  );

  app.get(
    '/api/drivers',
    { schema: { tags: ['drivers'], summary: 'Every driver, newest first', security, response: { 200: z.array(driverSchema) } } },
    async () => {
      const now = Date.now();
      return (await app.drivers.list()).map((driver) => presentDriver(driver, now));
    },
  );

  app.get(
    '/api/drivers/phone/:phone',
    {
      schema: {
        tags: ['drivers'],
        summary: 'A driver by phone (URL-encoded); a driver may look up only its own',
        security,
        params: phoneParam,
        response: { 200: driverSchema, 404: errorSchema },
      },
    },
    async (request) => presentDriver(await app.drivers.getByPhone(request.params.phone)),
  );

  app.put(
    '/api/drivers/:id',
    {
      schema: {
        tags: ['drivers'],
        summary: "Edit a driver; deactivating ends the driver's sessions",
        security,
        params: idParam,
        body: driverUpdateSchema,
        response: { 200: driverSchema, 400: validationErrorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => {
      return presentDriver(await app.drivers.update(request.params.id, request.body, request.auditActor));
    },
  );

  app.post(
    '/api/drivers/:id/pin',
    {
      schema: {
        tags: ['drivers'],
        summary: "Set a new PIN (given or generated), answered once; the driver's sessions end",
        security,
        params: idParam,
        body: driverPinInputSchema.nullish(),
        response: { 200: driverPinResponseSchema, 400: validationErrorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      return { pin: await app.drivers.resetPin(request.params.id, request.auditActor, request.body?.pin) };
    },
  );

  app.get(
    '/api/drivers/:id/packages',
    {
      schema: {
        tags: ['drivers'],
        summary: 'The packages assigned to the driver, newest first',
        security,
        params: idParam,
        response: { 200: z.array(packageSchema), 404: errorSchema },
      },
    },
    async (request) => (await app.drivers.packages(request.params.id)).map(presentDriverPackage),
  );

  app.post(
    '/api/drivers/:id/location',
    {
      schema: {
        tags: ['drivers'],
        summary: "The driver's own position; the driver shows online for 5 minutes",
        security,
        params: idParam,
        body: driverLocationSchema,
        response: { 200: driverLocationResponseSchema, 400: badRequestSchema, 404: errorSchema, 422: errorSchema },
      },
    },
    async (request) => {
      await app.ingestLimit.hitPrincipal(request);
      const { lat, lng, driverId, accuracy } = request.body;
      if (driverId !== undefined && driverId !== request.params.id) throw badRequest('Driver ID does not match the driver in the address');
      // The same filters as package fixes (design.md §6): no (0, 0), no fix vaguer than 1 km.
      const now = Date.now();
      const refused = checkFixAlone({ lat, lng, accuracy, recordedAtMs: now }, now);
      if (refused) throw unprocessable(refused);
      const driver = await app.drivers.reportLocation(request.params.id, lat, lng);
      return { success: true as const, driver: presentDriver(driver) };
    },
  );

  app.get(
    '/api/drivers/:id/route',
    {
      schema: {
        tags: ['drivers'],
        summary: "The driver's position and the stops of its unfinished packages",
        security,
        params: idParam,
        response: { 200: driverRouteSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const { driver, packages } = await app.drivers.route(request.params.id);
      return presentDriverRoute(driver, packages);
    },
  );

  app.post(
    '/api/drivers/:id/location-from-link',
    {
      schema: {
        tags: ['drivers'],
        summary: "Set the driver's position from a shared maps link",
        security,
        params: idParam,
        body: locationFromLinkSchema,
        response: { 200: locationFromLinkResponseSchema, 400: validationErrorSchema, 404: errorSchema, 422: errorSchema },
      },
    },
    async (request) => {
      const { googleMapsLink } = request.body;
      // An unknown driver is a 404 whatever the link.
      await app.drivers.get(request.params.id);
      const location = await coordinatesOf(app.mapsLinks, googleMapsLink);
      await app.drivers.setLocationFromLink(request.params.id, location.lat, location.lng, googleMapsLink, request.auditActor);
      return { success: true as const, location };
    },
  );
};

export default driverRoutes;
