import { healthSchema } from '@cargo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const VERSION = '1.0.0';

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/health', { schema: { tags: ['ops'], summary: 'Liveness', response: { 200: healthSchema } } }, async () => ({
    status: 'ok' as const,
    uptimeSeconds: Math.round(process.uptime()),
    version: VERSION,
  }));
};

export default healthRoutes;
