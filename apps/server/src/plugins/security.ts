import cookie from '@fastify/cookie';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { tooManyRequests } from '../lib/http-errors.ts';
import fp from 'fastify-plugin';
import type { Env } from '../env.ts';
import { FallbackCounterStore, MemoryCounterStore, RedisCounterStore, type CounterStore } from '../services/counter-store.ts';
import { SignInGuard } from '../services/sign-in-guard.ts';
import { rateLimitsFor, type RateLimits } from '../lib/rate-limits.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The public lookup budget (design.md §4): PUBLIC_LOOKUPS_PER_MINUTE tracking numbers per IP per minute, counted
     * across every public lookup route. A preHandler; `cost` tells how many numbers a request asks (default one).
     */
    publicLookupLimit(cost?: (request: FastifyRequest) => number): preHandlerAsyncHookHandler;
    counters: CounterStore;
    signInGuard: SignInGuard;
    rateLimits: RateLimits;
  }
}

/** The origin of the map tile server, so the CSP lets the map load its tiles and nothing else. */
function tileOrigin(tileUrl: string): string | null {
  try {
    const url = new URL(tileUrl.replace('{s}.', 'a.').replace(/\{[a-z]\}/gi, '0'));
    return tileUrl.includes('{s}.') ? `${url.protocol}//*.${url.host.replace(/^a\./, '')}` : url.origin;
  } catch {
    return null;
  }
}

/** The headers helmet sets with these options, read once from a recording response. */
export function securityHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
    getHeader: (name: string) => headers[name.toLowerCase()],
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => void (failure = err));
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return Object.freeze(headers);
}

/** Cookies, security headers with a CSP the built pages work under, rate limits (design.md §4). */
export default fp(
  async function securityPlugin(app: FastifyInstance, opts: { env: Env; namespace: string }) {
    await app.register(cookie);
    const tiles = tileOrigin(opts.env.MAP_TILE_URL);
    // The security headers are the same for every reply: built once at start, set by one hook (issue 11: helmet's
    // plugin rebuilt the CSP header on every request).
    const headers = securityHeaders({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Mantine and Leaflet set inline styles.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])],
          connectSrc: ["'self'", 'ws:', 'wss:'],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
    });
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
    await app.register(rateLimit, {
      global: false,
      nameSpace: `rl:${opts.namespace}:`,
      ...(app.redis ? { redis: app.redis } : {}),
      // While Redis is unreachable these per-route limits step aside rather than fail the request (issue 10).
      skipOnError: true,
      errorResponseBuilder: (_req, context) => ({
        statusCode: 429,
        message: 'Too many requests. Please try again later.',
        retryAfter: context.after,
      }),
    });
    const counters: CounterStore = app.redis
      ? new FallbackCounterStore(new RedisCounterStore(app.redis, `cnt:${opts.namespace}:`), new MemoryCounterStore(), (err) =>
          app.log.warn({ err }, 'redis unreachable: counting sign-ins and lookups in memory on this instance until it is back'),
          () => app.redis?.status === 'ready',
        )
      : new MemoryCounterStore();
    app.decorate<CounterStore>('counters', counters);
    app.decorate('signInGuard', new SignInGuard(counters));
    app.decorate('rateLimits', rateLimitsFor(opts.env));
    const lookups = app.rateLimits.publicLookup;
    app.decorate('publicLookupLimit', (cost: (request: FastifyRequest) => number = () => 1): preHandlerAsyncHookHandler => {
      return async (request) => {
        const { count, resetInMs } = await counters.hit(`lookup:${request.ip}`, lookups.timeWindow, Math.max(1, cost(request)));
        if (count > lookups.max) throw tooManyRequests(resetInMs / 1000);
      };
    });
  },
  { name: 'security', dependencies: ['redis'] },
);
