import { attemptedPackageSchema, errorSchema } from '@cargo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { presentAttemptedPackage } from '../../presenters/delivery-proof.ts';
import { presentOutcome } from '../../presenters/delivery-proof.ts';
import { security } from '../openapi.ts';

const attemptRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/delivery-attempts',
    {
      schema: {
        tags: ['proof of delivery'],
        summary: 'Packages to re-plan: not delivered, whose newest outcome is an attempt (admin), newest first',
        security,
        response: { 200: z.array(attemptedPackageSchema), 401: errorSchema, 403: errorSchema },
      },
    },
    async () => (await app.deliveryProof.attempted()).map(({ pkg, attempt, attempts }) => presentAttemptedPackage(pkg, presentOutcome(attempt, null), attempts)),
  );
};

export default attemptRoutes;
