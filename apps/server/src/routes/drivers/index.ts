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
  latLngSchema,
  locationFromLinkResponseSchema,
  locationFromLinkSchema,
  packageSchema,
  parseMapsLinkSchema,
  smsSetupSchema,
  successSchema,
  validationErrorSchema,
} from '@cargo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, badRequest, forbidden, serviceUnavailable, unauthorized, unprocessable } from '../../lib/http-errors.ts';
import { isShortMapsLink, parseMapsLink, type LatLng } from '../../lib/maps-link.ts';
import { normalizePhone } from '../../lib/phone.ts';
import { sendSms } from '../../services/drivers.ts';

const security = [{ bearer: [] }];
const phoneParam = z.object({ phone: z.string().min(1).max(100) });
/** Registration creates an account and spends a PIN hash: bounded per IP like other public writes. */
const NO_COORDINATES = 'Could not find coordinates in this link';
/** A 400 from the schema carries issues; one from the handler only a message. */
const badRequestSchema = validationErrorSchema.partial({ issues: true });

/** Coordinates from a maps link, or 422 saying why there are none. */
function coordinatesOf(link: string): LatLng {
  const location = parseMapsLink(link);
  if (location) return location;
  if (isShortMapsLink(link)) {
    throw unprocessable(
      `${NO_COORDINATES}: short links (maps.app.goo.gl) can only be expanded over the internet, which the server does not do. Open the link in a browser and paste the full address from its address bar.`,
    );
  }
  throw unprocessable(NO_COORDINATES);
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
      const driver = await app.drivers.create(request.body);
      return reply.status(201).send(driver);
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
      await app.signInGuard.check('driver', phone, request.ip);
      const driver = await app.drivers.authenticate(phone, request.body.pin);
      if (!driver) {
        await app.signInGuard.fail('driver', phone, request.ip);
        throw unauthorized(ERR.invalidDriverCredentials);
      }
      await app.signInGuard.succeed('driver', phone);
      const token = await app.sessions.create('driver', driver.id);
      return { token, driver };
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
      const { pin: _shown, ...driver } = await app.drivers.create({ name: name ?? `Driver (${stored})`, phone, email: null, pin });
      const token = await app.sessions.create('driver', driver.id);
      return reply.status(201).send({ token, driver });
    },
  );

  app.get(
    '/api/drivers/me',
    { schema: { tags: ['drivers'], summary: 'The signed-in driver', security, response: { 200: driverSchema, 401: errorSchema, 403: errorSchema } } },
    async (request) => {
      const principal = request.principal;
      if (principal?.role !== 'driver') throw forbidden();
      return app.drivers.get(principal.driverId);
    },
  );

  app.get(
    '/api/drivers',
    { schema: { tags: ['drivers'], summary: 'Every driver, newest first', security, response: { 200: z.array(driverSchema) } } },
    async () => app.drivers.list(),
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
    async (request) => app.drivers.getByPhone(request.params.phone),
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
      const driver = await app.drivers.update(request.params.id, request.body);
      if (!driver.isActive) await app.sessions.revokeAllFor('driver', driver.id);
      return driver;
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
      const pin = await app.drivers.resetPin(request.params.id, request.body?.pin);
      await app.sessions.revokeAllFor('driver', request.params.id);
      return { pin };
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
    async (request) => app.drivers.packages(request.params.id),
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
      const { lat, lng, driverId, accuracy } = request.body;
      if (driverId !== undefined && driverId !== request.params.id) throw badRequest('Driver ID does not match the driver in the address');
      // The same filters as package fixes (design.md §6): no (0, 0), no fix vaguer than 1 km.
      if (lat === 0 && lng === 0) throw unprocessable('Invalid coordinates (0, 0)');
      if (accuracy != null && accuracy > 1_000) throw unprocessable('Location accuracy is worse than 1000 m');
      const driver = await app.drivers.reportLocation(request.params.id, lat, lng);
      return { success: true as const, driver };
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
    async (request) => app.drivers.route(request.params.id),
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
      const location = coordinatesOf(googleMapsLink);
      await app.drivers.setLocationFromLink(request.params.id, location.lat, location.lng, googleMapsLink);
      return { success: true as const, location };
    },
  );

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
    async (request) => coordinatesOf(request.body.link),
  );

  app.post(
    '/api/tracking/sms-setup',
    {
      schema: {
        tags: ['drivers'],
        summary: "Text a tracking link to a driver's phone through the configured SMS gateway",
        security,
        body: smsSetupSchema,
        response: { 200: successSchema, 400: validationErrorSchema, 502: errorSchema, 503: errorSchema },
      },
    },
    async (request) => {
      const gateway = app.env.SMS_GATEWAY_URL;
      if (!gateway) throw serviceUnavailable(ERR.noSmsGateway);
      const { driverPhone, trackingLink } = request.body;
      const to = normalizePhone(driverPhone);
      const message = `${app.env.COMPANY_NAME}: open this link to share your location for the delivery: ${trackingLink}`;
      if (!(await sendSms(gateway, to, message))) {
        request.log.warn({ gateway: new URL(gateway).host }, 'SMS gateway refused or did not answer');
        throw new HttpError(502, 'The SMS gateway did not accept the message');
      }
      return { success: true };
    },
  );
};

export default driverRoutes;
