import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { accessFor, routeKey, type Access } from '../auth/role-table.ts';
import { tooManyRequests } from '../lib/http-errors.ts';
import { AccessPolicy, acceptsShareToken, type AccessTarget } from '../policies/access.ts';
import type { Principal } from '../auth/principal.ts';

export type { Principal } from '../auth/principal.ts';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    /** Every registered route with the access the role table gives it: the server's own route table. */
    routeAccess: ReadonlyArray<{ method: string; url: string; access: Access }>;
  }
}

export const SESSION_COOKIE = 'session';

/** The token from `Authorization: Bearer …` or the session cookie. */
export function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || null;
  return request.cookies?.[SESSION_COOKIE] ?? null;
}

/**
 * Enforces the role table on every route (design.md §4): resolves the caller (services/principals.ts), then asks the
 * access policy (policies/access.ts) whether the route's role and, for driver routes, the object's owner allow it.
 * Runs before body validation, so a caller without access learns nothing about the body's shape.
 */
export default fp(
  async function authPlugin(app: FastifyInstance) {
    app.decorateRequest('principal', null);
    const routeAccess: Array<{ method: string; url: string; access: Access }> = [];
    app.decorate('routeAccess', routeAccess);

    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        const access = accessFor(method, route.url);
        if (!access) throw new Error(`Route ${routeKey(method, route.url)} is missing from the role table`);
        route.config = { ...(route.config as object), access };
        // OpenAPI names the API key scope that opens an admin route to an integration.
        if (access.role === 'admin' && access.scope && route.schema) {
          const schema = route.schema as { description?: string; security?: unknown };
          schema.description = `${schema.description ? `${schema.description}\n\n` : ''}Admin session, or an API key with the scope \`${access.scope}\`.`;
          schema.security = [{ bearer: [] }, { apiKey: [access.scope] }];
        }
        routeAccess.push({ method, url: route.url, access });
      }
    });

    let policy: AccessPolicy | null = null;
    const decide = async (request: FastifyRequest, access: Access, token: string | null, target: AccessTarget) => {
      const acceptShareLink = access.role === 'driver' && acceptsShareToken(access.owns);
      request.principal = await app.principals.resolve(token, { acceptShareLink });
      await policy!.authorize(access, request.principal, target);
      // Each API key has its own budget (issue 19), whatever address it calls from.
      if (request.principal?.role === 'integration') {
        const { count, resetInMs } = await app.counters.hit(`apikey:${request.principal.apiKeyId}`, 60_000);
        if (count > app.env.API_KEY_PER_MINUTE) throw tooManyRequests(resetInMs / 1000);
      }
    };
    // A callback hook: a signed-in caller whose session, account and package are held in memory is let through with no
    // promise at all (every fix of a driver); anything else takes `decide`, which reads what it needs.
    app.addHook('preValidation', (request, _reply, done) => {
      const access = request.routeOptions.config.access;
      if (!access || access.role === 'public') return done();
      policy ??= new AccessPolicy(app.repos, app.hotState);
      const token = tokenOf(request);
      const target = { params: (request.params ?? {}) as Record<string, unknown>, body: (request.body ?? {}) as Record<string, unknown> };
      const held = app.principals.held(token);
      if (held && policy.allowsHeld(access, held, target)) {
        request.principal = held;
        return done();
      }
      decide(request, access, token, target).then(() => done(), done);
    });
  },
  { name: 'auth', dependencies: ['database'] },
);
