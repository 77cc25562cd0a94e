import { Readable } from 'node:stream';
import { errorSchema, figuresQuerySchema, figuresSchema, validationErrorSchema, weeklySummarySettingsSchema } from '@cargo/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { figuresCsvLines } from '../../presenters/figures.ts';
import { security } from '../openapi.ts';

const tags = ['figures'];
const description =
  "Days are the delivery address's local days (design.md §15); each figure's definition is in `definitions` and the README. The previous period has the same length and ends the day before `from`. Computed from the raw rows.";

/** The performance figures of a period (issue 35, admin), as JSON and as CSV. */
const figureRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/figures',
    {
      schema: {
        tags,
        summary: 'The performance figures of a period (admin): delivered, on-time and first-attempt rates, attempts by reason, exceptions, returns, proof, ratings, money, messages and webhooks, with the previous period and per day',
        description,
        security,
        querystring: figuresQuerySchema,
        response: { 200: figuresSchema, 400: validationErrorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => app.figures.figures(request.query),
  );

  app.get(
    '/api/figures/csv',
    {
      schema: {
        tags,
        summary: 'The same figures as CSV (admin): each figure with this period, the previous one and its definition, then one row per day',
        description: `${description} UTF-8 with a byte-order mark; text cells that a spreadsheet would read as a formula start with a single quote.`,
        security,
        querystring: figuresQuerySchema,
        response: { 200: z.any().describe('text/csv'), 400: validationErrorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      const figures = await app.figures.figures(request.query);
      const csv: FastifyReply = reply;
      return csv
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="figures-${figures.period.from}-${figures.period.to}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from([`\uFEFF${figuresCsvLines(figures).map((l) => `${l}\r\n`).join('')}`], { objectMode: false }));
    },
  );

  app.get(
    '/api/figures/weekly-summary',
    {
      schema: {
        tags,
        summary: "The weekly summary's settings (admin): whether it is sent, to whom (default: the coordinator), on which day (0 Sunday to 6 Saturday) and hour, in which time zone",
        security,
        response: { 200: weeklySummarySettingsSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async () => app.weeklySummary.settings(),
  );

  app.put(
    '/api/figures/weekly-summary',
    {
      schema: {
        tags,
        summary: "Sets the weekly summary's settings (admin)",
        security,
        body: weeklySummarySettingsSchema,
        response: { 200: weeklySummarySettingsSchema, 400: validationErrorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => app.weeklySummary.setSettings(request.body, request.auditActor),
  );
};

export default figureRoutes;
