import { databaseStatsSchema } from '@cargo/shared';
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
};

export default databaseRoutes;
