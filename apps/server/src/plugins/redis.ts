import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set when REDIS_URL is: shared rate limits and live updates across instances. */
    redis: Redis | null;
  }
}

/**
 * A command fails at once while Redis is unreachable (no offline queue), so nothing waits on it: counters fall back
 * to memory, route limits step aside, live events reach this instance's sockets only, until it reconnects.
 */
export async function createRedis(url: string): Promise<Redis> {
  // Loaded only when REDIS_URL is set: a single instance never holds the client in memory.
  const { Redis } = await import('ioredis');
  return new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false });
}

export default fp(
  async function redisPlugin(app: FastifyInstance, opts: { url?: string }) {
    if (!opts.url) {
      app.decorate('redis', null);
      return;
    }
    const redis = await createRedis(opts.url);
    redis.on('error', (err) => app.log.warn({ err }, 'redis error'));
    // Start once connected (at most 3 s): a Redis that is down does not stop the start, it is used when it comes.
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 3000);
      redis.once('ready', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    app.decorate('redis', redis);
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  },
  { name: 'redis' },
);
