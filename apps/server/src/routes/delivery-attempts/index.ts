import { attemptedPackageSchema, errorSchema } from '@cargo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { presentAttemptedPackage } from '../../presenters/delivery-proof.ts';
import { presentOutcome } from '../../presenters/delivery-proof.ts';
import { security } from '../openapi.ts';
import { rescheduleWindowOf } from '../../presenters/customer-actions.ts';
import { chosenLabel } from '../../services/customer-actions/delivery-days.ts';

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
    async () => {
      const attempted = await app.deliveryProof.attempted();
      // The day each customer chose after the attempt (issue 33), shown with the package in the list.
      const choices = await app.repos.customerActions.latestReschedules(attempted.map((a) => a.pkg.id));
      return attempted.map(({ pkg, attempt, attempts }) => {
        const choice = choices.get(pkg.id);
        const customerChoice = choice && choice.createdAt > attempt.createdAt ? { day: choice.day, label: chosenLabel(choice.day, rescheduleWindowOf(choice)), chosenAt: choice.createdAt } : null;
        return { ...presentAttemptedPackage(pkg, presentOutcome(attempt, null), attempts), customerChoice };
      });
    },
  );
};

export default attemptRoutes;
