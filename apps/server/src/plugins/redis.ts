import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set when REDIS_URL is: shared rate limits and live updates across instances. */
    redis: Redis | null;
  }
}

export function createRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
}

export default fp(
  async function redisPlugin(app: FastifyInstance, opts: { url?: string }) {
    if (!opts.url) {
      app.decorate('redis', null);
      return;
    }
    const redis = createRedis(opts.url);
    redis.on('error', (err) => app.log.warn({ err }, 'redis error'));
    app.decorate('redis', redis);
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  },
  { name: 'redis' },
);
