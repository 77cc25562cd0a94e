import {
  ERR,
  driverCreatedSchema,
  driverInputSchema,
  driverSessionResponseSchema,
  driverSessionSchema,
  errorSchema,
  validationErrorSchema,
} from '@cargo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unauthorized } from '../../lib/http-errors.ts';
import { normalizePhone } from '../../lib/phone.ts';

const driverRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/drivers',
    {
      schema: {
        tags: ['drivers'],
        summary: 'Create a driver; the PIN (given or generated) is answered once',
        security: [{ bearer: [] }],
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
};

export default driverRoutes;
