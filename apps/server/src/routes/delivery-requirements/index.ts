import { deliveryRequirementsSchema, errorSchema, validationErrorSchema } from '@cargo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { security } from '../openapi.ts';

const tags = ['proof of delivery'];

const requirementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/delivery-requirements',
    {
      schema: {
        tags,
        summary: "Dispatch's requirements per service type: signature required, photo required for every outcome (signed-in drivers and admins)",
        security,
        response: { 200: deliveryRequirementsSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async () => ({ requirements: await app.deliveryProof.requirements() }),
  );

  app.put(
    '/api/delivery-requirements',
    {
      schema: {
        tags,
        summary: 'Set the requirements per service type (admin); a service type not listed requires nothing',
        security,
        body: deliveryRequirementsSchema,
        response: { 200: deliveryRequirementsSchema, 400: validationErrorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => ({ requirements: await app.deliveryProof.setRequirements(request.body.requirements, request.auditActor) }),
  );
};

export default requirementRoutes;
