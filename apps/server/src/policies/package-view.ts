import type { ApiKeyScope } from '@cargo/shared';
import type { Principal } from '../auth/principal.ts';

/** Which view of a package a caller gets (design.md §4). */
export type PackageView = 'public' | 'driver' | 'admin';

/**
 * An admin (or an API key with the scope: packages:read for the package and its history, tracking:read for its
 * positions) sees the admin view; the driver the package is assigned to, the driver view; anyone else (no token, an
 * invalid or expired one, another driver, a share link) the public view.
 */
export function packageViewFor(principal: Principal | null, pkg: { driverId: string | null }, keyScope: ApiKeyScope = 'packages:read'): PackageView {
  if (principal?.role === 'admin') return 'admin';
  // An API key with the scope of what is read (the package, or its positions) sees what an admin sees.
  if (principal?.role === 'integration' && principal.scopes.includes(keyScope)) return 'admin';
  if (principal?.role === 'driver' && pkg.driverId === principal.driverId) return 'driver';
  return 'public';
}
