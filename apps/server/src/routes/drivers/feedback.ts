import { driverFeedbackSchema, errorSchema, idParam } from '@cargo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/http-errors.ts';
import { presentDriverFeedback } from '../../presenters/customer-actions.ts';
import { security } from '../openapi.ts';

/** A driver's ratings from customers (issue 33): the count, the average and the newest, for dispatch. */
const driverFeedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/drivers/:id/feedback',
    {
      schema: {
        tags: ['customer actions'],
        summary: "A driver's ratings from customers: count, average stars and the 20 newest (admin)",
        security,
        params: idParam,
        response: { 200: driverFeedbackSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const driver = await app.repos.drivers.findById(request.params.id);
      if (!driver) throw notFound('Driver not found');
      const repo = app.repos.customerActions;
      const [summary, recent] = await Promise.all([repo.driverRatingSummary(driver.id), repo.feedbackOfDriver(driver.id, 20)]);
      return presentDriverFeedback(summary, recent);
    },
  );
};

export default driverFeedbackRoutes;
