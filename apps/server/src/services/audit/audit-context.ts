import type { Principal } from '../../auth/principal.ts';

/** Who an audit entry names (design.md §11). */
export type AuditActorType = 'admin' | 'driver' | 'integration' | 'system' | 'customer';
export interface AuditActor {
  type: AuditActorType;
  id: string | null;
  /** When known already (a sign-in's account as typed); otherwise read from the actor's record when written. */
  label?: string | undefined;
  /** The address the request came from. */
  ip?: string | null | undefined;
}

/** Start-up, the CLI, workers: no person and no key. */
export const SYSTEM_ACTOR: AuditActor = { type: 'system', id: null, label: 'System' };

/**
 * The actor of a request (decision 070): passed by the route to the service that records the change. Explicit rather
 * than carried by AsyncLocalStorage, whose promise hooks cost GPS ingest 15% more CPU per fix on Node 20 (measured).
 */
export function actorOf(principal: Principal | null, ip: string | null = null): AuditActor {
  switch (principal?.role) {
    case 'admin':
      return { type: 'admin', id: principal.adminId, ip };
    case 'driver':
      return { type: 'driver', id: principal.driverId, ip };
    case 'integration':
      return { type: 'integration', id: principal.apiKeyId, ip };
    // A driver share link acts with its driver's authority; the link's id names it.
    case 'share':
      return { type: 'driver', id: null, label: `Driver share link ${principal.shareLinkId}`, ip };
    default:
      return { ...SYSTEM_ACTOR, ip };
  }
}
