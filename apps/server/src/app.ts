import { existsSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import { z } from 'zod';
import { ERR, isWebRoute, setPhoneCountry } from '@cargo/shared';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import { prepareDatabase, type FirstStart } from './bootstrap.ts';
import demoDrivePlugin from './demo/demo-drive.ts';
import { DEMO_REQUEST_HEADER, DEMO_REQUEST_TOKEN } from './demo/demo-drive-setting.ts';
import { openDatabase, type DatabaseHandle } from './db/index.ts';
import { fastValidatorCompiler } from './lib/fast-validators.ts';
import { configureSecretHashing } from './lib/crypto.ts';
import type { Env } from './env.ts';
import authPlugin from './plugins/auth.ts';
import auditPlugin from './plugins/audit.ts';
import databasePlugin from './plugins/database.ts';
import errorsPlugin, { handleError } from './plugins/errors.ts';
import idempotencyPlugin from './plugins/idempotency.ts';
import inputGuard from './plugins/input-guard.ts';
import { RequestLog } from './lib/request-log.ts';
import redisPlugin from './plugins/redis.ts';
import securityPlugin from './plugins/security.ts';
import servicesPlugin from './plugins/services.ts';
import type { MapsLinkResolverOptions } from './services/maps-link-resolver.ts';
import type { FileStore } from './services/delivery-proof/file-store.ts';
import routes from './routes/index.ts';
import { redactDeviceIds } from './services/osmand-report.ts';
import { siteConfigOf } from './services/site-config.ts';
import { presentPublicPackage } from './presenters/package.ts';
import { PageShell } from './web/page-shell.ts';

declare module 'fastify' {
  interface FastifyInstance {
    env: Env;
    /** What this start created (first admin, demo data), printed once by server.ts; empty on later starts. */
    firstStart: FirstStart;
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
  /** The web app's server renderer (decision 042); defaults to dist-ssr beside webDist when it exists. */
  ssrDist?: string | null;
  /** How short Google Maps links are followed (tests route the fetch to a loopback fake and shorten the limits). */
  mapsLinks?: MapsLinkResolverOptions;
  /** Where proof-of-delivery files go (tests pass a folder or an S3-protocol server of their own). */
  fileStore?: FileStore;
}

const here = dirname(fileURLToPath(import.meta.url));

/** The request as the log writes it: device identifiers in OsmAnd URLs are credentials, so they are redacted. */
export function requestForLog(request: { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number } }) {
  return { method: request.method, url: redactDeviceIds(request.url), host: request.host, remoteAddress: request.ip, remotePort: request.socket?.remotePort };
}

function defaultWebDist(env: Env): string | null {
  const candidates = [env.WEB_DIST, resolve(here, '../../web/dist'), resolve(here, '../../../apps/web/dist')].filter(Boolean) as string[];
  return candidates.find((dir) => existsSync(join(dir, 'index.html'))) ?? null;
}

/** Builds the app without listening (conventions: app.ts builds, server.ts listens). */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { env } = options;
  configureSecretHashing(env.PASSWORD_HASH_LOG_N);
  const app = Fastify({
    logger: options.logger ?? { level: env.LOG_LEVEL, serializers: { req: requestForLog } },
    trustProxy: env.TRUST_PROXY as boolean | string,
    bodyLimit: 256 * 1024,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    // A client sending its headers slowly is cut after HEADERS_TIMEOUT_MS (checked every second), not after Node's
    // defaults (issue 10: one byte a second held a socket for 90 s); a whole request may take at most two minutes.
    http: { headersTimeout: env.HEADERS_TIMEOUT_MS, connectionsCheckingInterval: 1000 },
    requestTimeout: 120_000,
    // Requests are logged once, at a level that fits (lib/request-log.ts), not twice at info.
    logController: new RequestLog(),
    // The router's own errors (a malformed percent-escape, an over-long parameter) take the one error path too.
    frameworkErrors: (error, request, reply) => handleError(error, request, reply),
    // The demo drive's requests (demo/demo-drive.ts) are labelled demo data and logged only from warn up.
    childLoggerFactory: (logger, bindings, opts, rawRequest) =>
      rawRequest.headers[DEMO_REQUEST_HEADER] === DEMO_REQUEST_TOKEN ? logger.child({ ...bindings, demo: 'demo data' }, { ...opts, level: 'warn' }) : logger.child(bindings, opts),
  });

  app.setValidatorCompiler(fastValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Only JSON bodies change state: with SameSite cookies that stops cross-site forgery (design.md §4).
  app.removeContentTypeParser('text/plain');
  app.decorate('env', env);
  // One process, one default phone country: the shared phone rule reads numbers without a country code in it.
  setPhoneCountry(env.DEFAULT_PHONE_COUNTRY);
  app.decorate('firstStart', {} as FirstStart);

  let handle = options.database;
  const ownsDatabase = !handle;
  let firstStart: FirstStart = {};
  if (!handle) {
    handle = await openDatabase(env.DATABASE_URL);
    try {
      firstStart = await prepareDatabase(handle, env, app.log);
    } catch (err) {
      await handle.close();
      throw err;
    }
  }

  app.firstStart = firstStart;

  // Infrastructure, then app services, then routes (conventions: fastify/demo).
  await app.register(errorsPlugin);
  await app.register(inputGuard);
  await app.register(redisPlugin, { url: env.REDIS_URL });
  await app.register(securityPlugin, { env, namespace: options.namespace ?? 'app' });
  await app.register(databasePlugin, { handle, closeOnShutdown: ownsDatabase });
  await app.register(authPlugin);
  await app.register(auditPlugin);
  await app.register(idempotencyPlugin);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Cargo tracking API', version: '1.0.0', description: 'Packages, drivers, live GPS and pickups.' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'An admin or driver session token (POST /api/auth/login, POST /api/drivers/session).' },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            description: 'An API key (`ck_…`, made in the admin panel or POST /api/api-keys) as a Bearer token; each route names the scope it needs.',
          },
        },
      },
    },
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      // A multipart body (proof-of-delivery uploads) is read by its handler, so it is documented here, not validated.
      const multipartBody = (input.schema as Record<string, unknown> | undefined)?.['x-multipart-body'];
      if (multipartBody) {
        const schema = { ...(out.schema as Record<string, unknown>) };
        delete schema['x-multipart-body'];
        schema.body = { ...(z.toJSONSchema(multipartBody as z.ZodType, { io: 'input' }) as Record<string, unknown>), $schema: undefined };
        return { ...out, schema };
      }
      return out;
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });
  await app.register(websocket, { options: { maxPayload: 16 * 1024 } });
  await app.register(servicesPlugin, { mapsLinks: options.mapsLinks, fileStore: options.fileStore });
  await app.register(routes);
  await app.register(demoDrivePlugin);

  const webDist = options.webDist === undefined ? defaultWebDist(env) : options.webDist;
  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      // Pages, '/' included, are composed by the page shell below, not sent as the bare template.
      index: false,
      // Serves the .br/.gz files written at build time (scripts/precompress.mjs) to clients that accept them.
      preCompressed: true,
      // Vite's hashed files never change; everything else is revalidated.
      cacheControl: false,
      setHeaders: (res, path) => {
        res.setHeader('cache-control', path.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const ssrDist = webDist ? (options.ssrDist === undefined ? join(webDist, '..', 'dist-ssr') : options.ssrDist) : null;
  const pages = webDist
    ? new PageShell({
        webDist,
        ssrDist: ssrDist && existsSync(ssrDist) ? ssrDist : null,
        data: { siteConfig: siteConfigOf(env) },
        // The real-time page's package, as the public lookup route sends it, counted against the same per-IP budget.
        publicView: async (trackingNumber, ip) => {
          const { count } = await app.counters.hit(`lookup:${ip}`, app.rateLimits.publicLookup.timeWindow, 1);
          if (count > app.rateLimits.publicLookup.max) return undefined;
          return app.hotState.publicView(trackingNumber, (pkg) => JSON.stringify(presentPublicPackage(pkg)));
        },
        warn: (message, error) => app.log.warn({ err: error }, message),
      })
    : null;

  const sendPage = async (request: FastifyRequest, reply: FastifyReply, pageShell: PageShell) => {
    const path = request.url.split('?')[0] ?? '';
    const page = await pageShell.page(request.url, isWebRoute(path) ? 200 : 404, request.ip);
    const accepts = String(request.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
    reply.status(page.status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.html);
  };
  // The static files' wildcard route would answer '/' (a folder) with 403.
  if (pages) app.get('/', { schema: { hide: true } }, (request, reply) => sendPage(request, reply, pages));

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // Pages get the web app: a screen with 200, any other page with 404 and the app's '404 Page Not Found'.
    if (pages && (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api') && path !== '/ws') return sendPage(request, reply, pages);
    return reply.status(404).send({ message: ERR.notFound });
  });

  return app;
}

export type App = FastifyInstance;
