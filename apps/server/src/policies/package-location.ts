import type { LocationType } from '@cargo/shared';
import type { Principal } from '../auth/principal.ts';

/**
 * Which locations of a package a caller may set by hand (POST /api/packages/{id}/location). The driver page sends
 * type 'current' (spec §7): the driver's position. An origin or destination moves the package's pickup or delivery
 * point, which the customer's ETA and the proximity alerts are measured to: only an admin sets those.
 */
export function maySetLocation(principal: Principal | null, type: LocationType): boolean {
  if (principal?.role === 'admin') return true;
  return type === 'current';
}
