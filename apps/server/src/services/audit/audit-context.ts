import { AsyncLocalStorage } from 'node:async_hooks';
import type { Principal } from '../principals.ts';

/** Who an audit entry names (design.md §11). */
export type AuditActorType = 'admin' | 'driver' | 'integration' | 'system';
export interface AuditActor {
  type: AuditActorType;
  id: string | null;
  /** When known already (a sign-in's account as typed); otherwise read from the actor's record when written. */
  label?: string | undefined;
}

export const SYSTEM_ACTOR: AuditActor = { type: 'system', id: null, label: 'System' };

interface RequestScope {
  /** Read when an entry is written: the auth hook resolves the principal after this scope is opened. */
  principal: () => Principal | null;
  ip: string | null;
  /** Set once the reply is sent: work the request left behind (a timer it started) is the system's, not the caller's. */
  ended: boolean;
  /** Overrides the principal (a sign-in, which has none yet). */
  actor?: AuditActor;
  /** Actors' labels read once per request (an import writes thousands of entries by one admin). */
  labels?: Map<string, string>;
}

/**
 * The request a change is made in, carried through its async calls (decision 070), so every service records its
 * actor without each route passing it down. Outside a request (workers, start-up, the CLI) the actor is the system.
 */
const scopes = new AsyncLocalStorage<RequestScope>();

export function runInRequestScope<T>(scope: Omit<RequestScope, 'ended'>, work: () => T): { result: T; end: () => void } {
  const store: RequestScope = { ...scope, ended: false };
  return { result: scopes.run(store, work), end: () => (store.ended = true) };
}

/** Runs `work` with `actor` as the actor of what it records (and the current request's IP). */
export function asActor<T>(actor: AuditActor, work: () => T): T {
  const current = scopes.getStore();
  return scopes.run({ principal: () => null, ip: current?.ip ?? null, ended: false, actor }, work);
}

/** Who is acting now, from where, and the request's memory of actors' labels (none outside a request). */
export function currentActor(): { actor: AuditActor; ip: string | null; labels: Map<string, string> | null } {
  const scope = scopes.getStore();
  if (!scope || scope.ended) return { actor: SYSTEM_ACTOR, ip: null, labels: null };
  scope.labels ??= new Map();
  if (scope.actor) return { actor: scope.actor, ip: scope.ip, labels: scope.labels };
  return { actor: actorOf(scope.principal()), ip: scope.ip, labels: scope.labels };
}

export function actorOf(principal: Principal | null): AuditActor {
  switch (principal?.role) {
    case 'admin':
      return { type: 'admin', id: principal.adminId };
    case 'driver':
      return { type: 'driver', id: principal.driverId };
    case 'integration':
      return { type: 'integration', id: principal.apiKeyId };
    // A driver share link acts with its driver's authority; the link's id names it.
    case 'share':
      return { type: 'driver', id: null, label: `Driver share link ${principal.shareLinkId}` };
    default:
      return SYSTEM_ACTOR;
  }
}
