import { dayPlanSchema, errorSchema, planCheckInputSchema, planCheckSchema, planCommitInputSchema, planCommitResultSchema, planningDateParam, planInsertInputSchema, planInsertResultSchema, serviceTimesInputSchema, serviceTimesSchema, shiftListSchema, shiftsInputSchema, unroutedListSchema, validationErrorSchema } from '@cargo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { presentShift } from '../../presenters/planning.ts';
import { security } from '../openapi.ts';

const tags = ['planning'];
/** A 400 from the schema carries issues; one from the service only a message. */
const badRequestSchema = validationErrorSchema.partial({ issues: true });

/** Day planning (issue 34, design.md §14): drivers' shifts per date. */
const planningRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/planning/service-times',
    {
      schema: {
        tags,
        summary: 'Minutes at a stop per service type, and the default for the others (PLANNING_SERVICE_MINUTES)',
        security,
        response: { 200: serviceTimesSchema },
      },
    },
    async () => app.planning.planner.serviceMinutes(),
  );

  app.put(
    '/api/planning/service-times',
    {
      schema: {
        tags,
        summary: 'Set the minutes at a stop per service type (the list replaces the stored one)',
        security,
        body: serviceTimesInputSchema,
        response: { 200: serviceTimesSchema, 400: badRequestSchema },
      },
    },
    async (request) => app.planning.planner.setServiceMinutes(request.body.minutes, request.auditActor),
  );

  app.get(
    '/api/planning/:date/shifts',
    {
      schema: {
        tags,
        summary: "The date's shifts: hours, start and end places, vehicle capacity",
        security,
        params: planningDateParam,
        response: { 200: shiftListSchema, 400: badRequestSchema },
      },
    },
    async (request) => {
      const { date } = request.params;
      return { date, shifts: (await app.planning.shifts.list(date)).map(presentShift) };
    },
  );

  app.put(
    '/api/planning/:date/shifts',
    {
      schema: {
        tags,
        summary: "Set the date's shifts (the list replaces what the date had; places default to the depot, DEPOT_ADDRESS)",
        security,
        params: planningDateParam,
        body: shiftsInputSchema,
        response: { 200: shiftListSchema, 400: badRequestSchema },
      },
    },
    async (request) => {
      const { date } = request.params;
      const rows = await app.planning.shifts.set(date, request.body.shifts, request.auditActor);
      return { date, shifts: rows.map(presentShift) };
    },
  );

  app.post(
    '/api/planning/:date/shifts/copy-previous',
    {
      schema: {
        tags,
        summary: 'Copy the shifts of the latest earlier date that has any onto this date, replacing its own',
        security,
        params: planningDateParam,
        response: { 200: shiftListSchema.extend({ copiedFrom: z.string() }), 400: badRequestSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const { date } = request.params;
      const { from, shifts } = await app.planning.shifts.copyPrevious(date, request.auditActor);
      return { date, copiedFrom: from, shifts: shifts.map(presentShift) };
    },
  );

  app.post(
    '/api/planning/:date/plan',
    {
      schema: {
        tags,
        summary: "Plan the date across drivers: every due package not yet out for delivery given to a shift's driver, in order, within windows, capacity and shift; nothing is stored",
        security,
        params: planningDateParam,
        response: { 200: dayPlanSchema, 400: badRequestSchema, 503: errorSchema },
      },
    },
    async (request) => app.planning.planner.plan(request.params.date),
  );

  app.post(
    '/api/planning/:date/check',
    {
      schema: {
        tags,
        summary:
          "Recompute a plan as dispatch edited it (each driver's stops in order): arrivals, totals, the unplanned, and every rule it breaks in `violations` (200 either way); nothing is stored",
        security,
        params: planningDateParam,
        body: planCheckInputSchema,
        response: { 200: planCheckSchema, 400: badRequestSchema },
      },
    },
    async (request) => app.planning.planner.check(request.params.date, request.body.routes),
  );

  app.post(
    '/api/planning/:date/commit',
    {
      schema: {
        tags,
        summary:
          "Commit a plan: checked again (409 with the first violation, nothing written), then in one transaction every package assigned to its driver, every driver's stop order set, one audit entry",
        security,
        params: planningDateParam,
        body: planCommitInputSchema,
        response: { 200: planCommitResultSchema, 400: badRequestSchema, 409: errorSchema },
      },
    },
    async (request) => app.planning.planner.commit(request.params.date, request.body.routes, request.auditActor),
  );

  app.get(
    '/api/planning/:date/unrouted',
    {
      schema: {
        tags,
        summary:
          "The date's packages that are due and still to deliver but in no driver's stop order (added after the plan was committed, or left out of it), newest first, at most 200; each can be inserted with POST /api/planning/{date}/insert",
        security,
        params: planningDateParam,
        response: { 200: unroutedListSchema, 400: badRequestSchema },
      },
    },
    async (request) => app.planning.insertion.unrouted(request.params.date),
  );

  app.post(
    '/api/planning/:date/insert',
    {
      schema: {
        tags,
        summary:
          "Insert a package added during the day into a driver's stop order where it adds the least driving, keeping windows, shift and capacity and never before a stop already done; assigns it to that driver",
        security,
        params: planningDateParam,
        body: planInsertInputSchema,
        response: { 200: planInsertResultSchema, 400: badRequestSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => app.planning.insertion.insert(request.params.date, request.body.packageId, request.body.driverId, request.auditActor),
  );
};

export default planningRoutes;
