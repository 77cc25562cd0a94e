import { driverStopsSchema, errorSchema, idParam, routeOptimisationSchema, stopOrderInputSchema, validationErrorSchema } from '@cargo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { presentDriverStops, presentOptimisation } from '../../presenters/route-plan.ts';
import { security } from '../openapi.ts';

const tags = ['drivers'];
/** A 400 from the schema carries issues; one from the service only a message. */
const badRequestSchema = validationErrorSchema.partial({ issues: true });

/** A driver's stop order (issue 20): proposed and accepted by the admin, followed by the driver. */
const stopOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/drivers/:id/route/optimise',
    {
      schema: {
        tags,
        summary: "Propose an order of the driver's stops (built in, or VROOM when VROOM_URL is set); nothing is stored",
        security,
        params: idParam,
        response: { 200: routeOptimisationSchema, 404: errorSchema },
      },
    },
    async (request) => presentOptimisation(await app.stopOrder.optimise(request.params.id)),
  );

  app.put(
    '/api/drivers/:id/route/order',
    {
      schema: {
        tags,
        summary: "Accept an order of the driver's stops (package ids, first stop first; the rest follow in assignment order)",
        security,
        params: idParam,
        body: stopOrderInputSchema,
        response: { 200: driverStopsSchema, 400: badRequestSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const set = await app.stopOrder.accept(request.params.id, request.body.order, request.auditActor);
      return presentDriverStops(set, app.stopOrder.figuresOf(set));
    },
  );

  app.get(
    '/api/drivers/:id/stops',
    {
      schema: {
        tags,
        summary: "The driver's open packages in the accepted order, with expected arrivals and navigation links",
        security,
        params: idParam,
        response: { 200: driverStopsSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const { set, figures } = await app.stopOrder.stops(request.params.id);
      return presentDriverStops(set, figures);
    },
  );
};

export default stopOrderRoutes;
