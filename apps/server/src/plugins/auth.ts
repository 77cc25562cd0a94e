import { ERR } from '@cargo/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { accessFor, routeKey, type Access, type Ownership } from '../auth/role-table.ts';
import { sha256 } from '../lib/crypto.ts';
import { forbidden, unauthorized } from '../lib/http-errors.ts';
import { normalizePhone } from '../lib/phone.ts';
import { nowIso } from '../lib/time.ts';

export type Principal =
  | { role: 'admin'; adminId: string; tokenHash: string }
  | { role: 'driver'; driverId: string; tokenHash: string }
  /** A driver share link: may post fixes for one package only. */
  | { role: 'share'; packageId: string; shareLinkId: string };

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
 * Enforces the role table on every route (design.md §4): resolves the session, then checks the route's role and,
 * for driver routes, that the object belongs to the driver. Runs before body validation, so a caller without
 * access learns nothing about the body's shape.
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
        routeAccess.push({ method, url: route.url, access });
      }
    });

    app.addHook('preValidation', async (request) => {
      const access = request.routeOptions.config.access;
      if (!access || access.role === 'public') return;
      const token = tokenOf(request);
      const session = token ? await app.sessions.resolve(token) : null;
      if (session?.role === 'admin') {
        const admin = await app.db
          .selectFrom('adminUsers')
          .select(['id', 'isActive'])
          .where('id', '=', session.subjectId)
          .executeTakeFirst();
        if (admin?.isActive) request.principal = { role: 'admin', adminId: admin.id, tokenHash: session.tokenHash };
      } else if (session?.role === 'driver') {
        const driver = await app.db.selectFrom('drivers').select(['id', 'isActive']).where('id', '=', session.subjectId).executeTakeFirst();
        if (driver?.isActive) request.principal = { role: 'driver', driverId: driver.id, tokenHash: session.tokenHash };
      } else if (token && access.role === 'driver' && acceptsShareToken(access.owns)) {
        const link = await app.db
          .selectFrom('shareLinks')
          .select(['id', 'packageId'])
          .where('tokenHash', '=', sha256(token))
          .where('kind', '=', 'driver')
          .where('revokedAt', 'is', null)
          .where('expiresAt', '>', nowIso())
          .executeTakeFirst();
        if (link) request.principal = { role: 'share', packageId: link.packageId, shareLinkId: link.id };
      }
      await enforce(app, request, access);
    });
  },
  { name: 'auth', dependencies: ['database'] },
);

function acceptsShareToken(owns: Ownership): boolean {
  return owns === 'package-or-token' || owns === 'package-in-body';
}

async function enforce(app: FastifyInstance, request: FastifyRequest, access: Access): Promise<void> {
  const principal = request.principal;
  if (!principal) throw unauthorized(ERR.authRequired);
  switch (access.role) {
    case 'session':
      if (principal.role === 'share') throw forbidden();
      return;
    case 'admin':
      if (principal.role !== 'admin') throw forbidden();
      return;
    case 'driver-self':
      if (principal.role !== 'driver') throw forbidden();
      return;
    case 'driver':
      if (principal.role === 'admin') return;
      if (!(await owns(app, request, access.owns, principal))) throw forbidden();
      return;
    default:
      throw forbidden();
  }
}

/** Object-level check: the object names this driver, or the share link covers this package. */
async function owns(app: FastifyInstance, request: FastifyRequest, ownership: Ownership, principal: Principal): Promise<boolean> {
  const params = (request.params ?? {}) as Record<string, string>;
  const body = (request.body ?? {}) as Record<string, unknown>;
  if (principal.role === 'share') {
    if (!acceptsShareToken(ownership)) return false;
    const ref = ownership === 'package-in-body' ? body.trackingId : params.id;
    if (typeof ref !== 'string') return false;
    const pkg = await findPackageOwner(app, ref);
    // An unknown package falls through to the handler's 404 only for a caller who could own it.
    return pkg?.id === principal.packageId;
  }
  if (principal.role !== 'driver') return false;
  const driverId = principal.driverId;
  switch (ownership) {
    case 'driver-id':
      return params.id === driverId;
    case 'driver-phone': {
      const driver = await app.db.selectFrom('drivers').select('phone').where('id', '=', driverId).executeTakeFirst();
      return !!driver && typeof params.phone === 'string' && normalizePhone(decodeURIComponent(params.phone)) === driver.phone;
    }
    case 'package':
    case 'package-or-token':
      return packageBelongs(app, params.id, driverId);
    case 'package-in-body':
      return packageBelongs(app, body.trackingId, driverId);
    case 'package-id-in-body':
      return packageBelongs(app, body.packageId, driverId);
    case 'share-link': {
      if (typeof params.token !== 'string') return false;
      const link = await app.db
        .selectFrom('shareLinks')
        .innerJoin('packages', 'packages.id', 'shareLinks.packageId')
        .select('packages.driverId')
        .where('shareLinks.tokenHash', '=', sha256(params.token))
        .executeTakeFirst();
      return link?.driverId === driverId;
    }
  }
}

async function packageBelongs(app: FastifyInstance, ref: unknown, driverId: string): Promise<boolean> {
  if (typeof ref !== 'string' || !ref.trim()) return false;
  const pkg = await findPackageOwner(app, ref);
  return pkg?.driverId === driverId;
}

/** A package by id or by tracking number (trimmed, case-insensitive). */
export function findPackageOwner(app: FastifyInstance, ref: string) {
  const trimmed = ref.trim();
  return app.db
    .selectFrom('packages')
    .select(['id', 'driverId'])
    .where((eb) => eb.or([eb('id', '=', trimmed), eb(eb.fn('lower', ['trackingNumber']), '=', trimmed.toLowerCase())]))
    .executeTakeFirst();
}
