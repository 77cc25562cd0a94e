import { collectionsQuerySchema, collectionsSchema, errorSchema, handoverInputSchema, validationErrorSchema } from '@cargo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { security } from '../openapi.ts';

const tags = ['payments'];

/** The day's cash per driver (issue 32, item 6): what each collected, what they handed over, what is still owed. */
const collectionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/collections',
    {
      schema: {
        tags,
        summary: "One day's collections per driver (admin): cash (expected in hand), card and other apart, handed over, the difference, packages delivered with a release, packages still owing",
        description: "Days are the delivery address's local days (design.md §15). Amounts in minor units.",
        security,
        querystring: collectionsQuerySchema,
        response: { 200: collectionsSchema, 400: validationErrorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => app.payments.collections(request.query.day, request.query.driverId),
  );

  app.post(
    '/api/collections/handovers',
    {
      schema: {
        tags,
        summary: 'Cash a driver handed over on a day (admin): an entry; the day’s hand-over is the sum of its entries',
        security,
        body: handoverInputSchema,
        response: { 201: z.object({ success: z.literal(true) }), 400: validationErrorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      await app.payments.handover(request.body, request.auditActor);
      return reply.status(201).send({ success: true as const });
    },
  );
};

export default collectionRoutes;
