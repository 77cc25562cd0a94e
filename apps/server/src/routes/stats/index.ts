import { dailyStatsSchema } from '@cargo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/stats/daily',
    {
      schema: {
        tags: ['stats'],
        summary: "Today's progress: deliveries completed, packages in transit, customers served, miles delivered (cached 10 s)",
        response: { 200: dailyStatsSchema },
      },
    },
    async () => app.stats.daily(),
  );
};

export default statsRoutes;
