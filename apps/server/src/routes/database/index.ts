import { databaseStatsSchema, retentionRunSchema, retentionStatusSchema } from '@cargo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { security } from '../openapi.ts';

const databaseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/database/stats',
    {
      schema: {
        tags: ['stats'],
        summary: 'Database totals for the admin Database tab',
        security,
        response: { 200: databaseStatsSchema },
      },
    },
    async () => app.stats.database(),
  );

  // Retention (issue 21, decision 075): the settings in force and the last run; and a run now, answered when done.
  app.get(
    '/api/database/retention',
    { schema: { tags: ['stats'], summary: 'Retention settings (env RETENTION_*) and the last run', security, response: { 200: retentionStatusSchema } } },
    async () => ({ settings: { ...app.retention.settings, everyMinutes: app.env.RETENTION_EVERY_MINUTES }, lastRun: app.retention.lastRun }),
  );
  app.post(
    '/api/database/retention/run',
    { schema: { tags: ['stats'], summary: 'Run the retention job now; answers what it removed', security, response: { 200: retentionRunSchema } } },
    async () => app.retention.run(),
  );
};

export default databaseRoutes;
