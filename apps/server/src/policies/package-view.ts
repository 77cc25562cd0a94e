import type { Principal } from '../services/principals.ts';

/** Which view of a package a caller gets (design.md §4). */
export type PackageView = 'public' | 'driver' | 'admin';

/**
 * An admin sees the admin view; the driver the package is assigned to, the driver view; anyone else (no token, an
 * invalid or expired one, another driver, a share link) the public view.
 */
export function packageViewFor(principal: Principal | null, pkg: { driverId: string | null }): PackageView {
  if (principal?.role === 'admin') return 'admin';
  if (principal?.role === 'driver' && pkg.driverId === principal.driverId) return 'driver';
  return 'public';
}
