import { readySchema } from '@cargo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const readyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/ready',
    { schema: { tags: ['ops'], summary: 'Readiness: the database (and Redis when configured) answer', response: { 200: readySchema, 503: readySchema } } },
    async (_request, reply) => {
      const database = await app.database.ping();
      let redis: boolean | null = null;
      if (app.redis) redis = await app.redis.ping().then((r) => r === 'PONG', () => false);
      const ready = database && redis !== false;
      return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', database, redis });
    },
  );
};

export default readyRoutes;
