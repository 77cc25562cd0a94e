import { driverDayParamsSchema, driverDaySchema, errorSchema, validationErrorSchema } from '@cargo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { security } from '../openapi.ts';

/** A driver's day for the Performance view (issue 35, item 3; admin). */
const driverDayRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/figures/drivers/:id/day/:date',
    {
      schema: {
        tags: ['figures'],
        summary: "A driver's day (admin): the stops closed that day on a time line (the stop order's place, the window, each outcome and its time) and the distance along the day's GPS trail after the fix filters",
        description:
          "The day is the stops' delivery addresses' local day (`timeZone`); the stops still waiting on the driver's accepted order are listed too when the day is today. The trail is the live fixes of the packages the driver closed that day or carries, in device-time order, each checked alone and against the last fix kept (design.md §6): resends and jumps faster than 250 km/h are dropped (`dropped`), and `distanceM` is the sum of the legs between the fixes kept.",
        security,
        params: driverDayParamsSchema,
        response: { 200: driverDaySchema, 400: validationErrorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => app.driverDays.day(request.params.id, request.params.date),
  );
};

export default driverDayRoutes;
