import { existsSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import { ERR } from '@cargo/shared';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { prepareDatabase } from './bootstrap.ts';
import { openDatabase, type DatabaseHandle } from './db/index.ts';
import { configureSecretHashing } from './lib/crypto.ts';
import type { Env } from './env.ts';
import authPlugin from './plugins/auth.ts';
import databasePlugin from './plugins/database.ts';
import errorsPlugin from './plugins/errors.ts';
import redisPlugin from './plugins/redis.ts';
import securityPlugin from './plugins/security.ts';
import servicesPlugin from './plugins/services.ts';
import routes from './routes/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    env: Env;
  }
}

export interface BuildOptions {
  env: Env;
  /** An opened database (tests); otherwise DATABASE_URL is opened, migrated and prepared, and closed with the app. */
  database?: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /** Keeps rate-limit counters of separate apps apart when they share one Redis (tests). */
  namespace?: string;
  /** The built web app to serve; defaults to apps/web/dist when it exists. */
  webDist?: string | null;
}

const here = dirname(fileURLToPath(import.meta.url));

function defaultWebDist(env: Env): string | null {
  const candidates = [env.WEB_DIST, resolve(here, '../../web/dist'), resolve(here, '../../../apps/web/dist')].filter(Boolean) as string[];
  return candidates.find((dir) => existsSync(join(dir, 'index.html'))) ?? null;
}

/** Builds the app without listening (conventions: app.ts builds, server.ts listens). */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { env } = options;
  configureSecretHashing(env.PASSWORD_HASH_LOG_N);
  const app = Fastify({
    logger: options.logger ?? { level: env.LOG_LEVEL },
    trustProxy: env.TRUST_PROXY as boolean | string,
    bodyLimit: 256 * 1024,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Only JSON bodies change state: with SameSite cookies that stops cross-site forgery (design.md §4).
  app.removeContentTypeParser('text/plain');
  app.decorate('env', env);

  let handle = options.database;
  const ownsDatabase = !handle;
  if (!handle) {
    handle = await openDatabase(env.DATABASE_URL);
    try {
      await prepareDatabase(handle, env, app.log);
    } catch (err) {
      await handle.close();
      throw err;
    }
  }

  // Infrastructure, then app services, then routes (conventions: fastify/demo).
  await app.register(errorsPlugin);
  await app.register(redisPlugin, { url: env.REDIS_URL });
  await app.register(securityPlugin, { env, namespace: options.namespace ?? 'app' });
  await app.register(databasePlugin, { handle, closeOnShutdown: ownsDatabase });
  await app.register(authPlugin);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Cargo tracking API', version: '1.0.0', description: 'Packages, drivers, live GPS and pickups.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });
  await app.register(websocket, { options: { maxPayload: 16 * 1024 } });
  await app.register(servicesPlugin);
  await app.register(routes);

  const webDist = options.webDist === undefined ? defaultWebDist(env) : options.webDist;
  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      index: 'index.html',
      // Serves the .br/.gz files written at build time (scripts/precompress.mjs) to clients that accept them.
      preCompressed: true,
      // Vite's hashed files never change; everything else is revalidated.
      cacheControl: false,
      setHeaders: (res, path) => {
        res.setHeader('cache-control', path.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // Client-side routes get the web app; the app shows its own '404 Page Not Found'.
    if (webDist && (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api') && path !== '/ws') {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', webDist);
    }
    return reply.status(404).send({ message: ERR.notFound });
  });

  return app;
}

export type App = FastifyInstance;
