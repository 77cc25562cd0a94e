import { ERR } from '@cargo/shared';
import type { Access, Ownership } from '../auth/role-table.ts';
import { forbidden, unauthorized } from '../lib/http-errors.ts';
import { normalizePhone } from '../lib/phone.ts';
import { sha256 } from '../lib/crypto.ts';
import type { Repositories } from '../repositories/index.ts';
import type { HotState } from '../services/hot-state.ts';
import type { Principal } from '../auth/principal.ts';

/** What a request names: its path parameters and its body (before validation). */
export interface AccessTarget {
  params: Record<string, unknown>;
  body: Record<string, unknown>;
}

/** Whether a route of this ownership takes a driver share-link token in place of a session. */
export function acceptsShareToken(owns: Ownership): boolean {
  return owns === 'package-or-token' || owns === 'package-in-body';
}

/**
 * Who may call a route (design.md §4): the role from the role table, and for driver routes that the object belongs
 * to the driver (or that a share link covers the package). Throws 401 without a principal and 403 without access.
 */
export class AccessPolicy {
  constructor(
    private readonly repos: Repositories,
    /** Packages and drivers as held in memory: the ownership check of every fix reads nothing (issue 11). */
    private readonly hot: HotState,
  ) {}

  async authorize(access: Access, principal: Principal | null, target: AccessTarget): Promise<void> {
    if (access.role === 'public') return;
    if (!principal) throw unauthorized(ERR.authRequired);
    switch (access.role) {
      case 'session':
        if (principal.role === 'share' || principal.role === 'integration') throw forbidden();
        return;
      case 'admin':
        if (principal.role === 'admin') return;
        // An API key reaches an admin route only through a scope the route names and the key has.
        if (principal.role === 'integration' && access.scope && principal.scopes.includes(access.scope)) return;
        throw forbidden();
      case 'driver-self':
        if (principal.role !== 'driver') throw forbidden();
        return;
      case 'driver':
        if (principal.role === 'admin') return;
        // A driver route that also names a scope takes an API key that has it (a shop's payment, issue 32).
        if (principal.role === 'integration' && access.scope && principal.scopes.includes(access.scope)) return;
        if (!(await this.owns(access.owns, principal, target))) throw forbidden();
        return;
      default:
        throw forbidden();
    }
  }

  /**
   * True when the access is granted by what is held in memory alone (the role, or a driver's own package as held), with
   * no read and no promise; false when that does not settle it, and `authorize` decides (and says why it refuses).
   */
  allowsHeld(access: Access, principal: Principal, { params, body }: AccessTarget): boolean {
    switch (access.role) {
      case 'public':
        return true;
      case 'session':
        return principal.role === 'admin' || principal.role === 'driver';
      case 'admin':
        return principal.role === 'admin';
      case 'driver-self':
        return principal.role === 'driver';
      case 'driver':
        if (principal.role === 'admin') return true;
        if (principal.role !== 'driver') return false;
        switch (access.owns) {
          case 'driver-id':
            return params.id === principal.driverId;
          case 'package':
          case 'package-or-token':
            return this.heldPackageBelongs(params.id, principal.driverId);
          case 'package-in-body':
            return this.heldPackageBelongs(body.trackingId, principal.driverId);
          case 'package-id-in-body':
            return this.heldPackageBelongs(body.packageId, principal.driverId);
          default:
            return false;
        }
      default:
        return false;
    }
  }

  /** Object-level check: the object names this driver, or the share link covers this package. */
  async owns(ownership: Ownership, principal: Principal, { params, body }: AccessTarget): Promise<boolean> {
    if (principal.role === 'share') {
      if (!acceptsShareToken(ownership)) return false;
      const ref = ownership === 'package-in-body' ? body.trackingId : params.id;
      if (typeof ref !== 'string') return false;
      const pkg = await this.hot.packageByRef(ref);
      // An unknown package falls through to the handler's 404 only for a caller who could own it.
      return pkg?.id === principal.packageId;
    }
    if (principal.role !== 'driver') return false;
    const driverId = principal.driverId;
    switch (ownership) {
      case 'driver-id':
        return params.id === driverId;
      case 'driver-phone': {
        const driver = await this.hot.driver(driverId);
        return !!driver && typeof params.phone === 'string' && normalizePhone(params.phone) === driver.phone;
      }
      case 'package':
      case 'package-or-token':
        return this.packageBelongs(params.id, driverId);
      case 'package-in-body':
        return this.packageBelongs(body.trackingId, driverId);
      case 'package-id-in-body':
        return this.packageBelongs(body.packageId, driverId);
      case 'share-link': {
        if (typeof params.token !== 'string') return false;
        const link = await this.repos.shareLinks.findByTokenHash(sha256(params.token));
        const pkg = link ? await this.repos.packages.findById(link.packageId) : undefined;
        return pkg?.driverId === driverId;
      }
    }
  }

  private heldPackageBelongs(ref: unknown, driverId: string): boolean {
    if (typeof ref !== 'string') return false;
    const pkg = this.hot.heldPackageByRef(ref);
    return !!pkg && pkg.driverId === driverId;
  }

  private async packageBelongs(ref: unknown, driverId: string): Promise<boolean> {
    if (typeof ref !== 'string' || !ref.trim()) return false;
    const pkg = await this.hot.packageByRef(ref);
    return pkg?.driverId === driverId;
  }
}
