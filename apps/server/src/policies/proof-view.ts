import type { Principal } from '../auth/principal.ts';
import { packageViewFor } from './package-view.ts';

/**
 * Who sees the proof of delivery (design.md §10): an admin, the assigned driver and the holder of the customer's
 * share link see the photo and signature (through links that expire); anyone with the tracking number only the
 * outcome in words.
 */
export function proofViewFor(principal: Principal | null, pkg: { driverId: string | null }, { viaCustomerLink }: { viaCustomerLink: boolean }): 'public' | 'full' {
  if (viaCustomerLink) return 'full';
  return packageViewFor(principal, pkg) === 'public' ? 'public' : 'full';
}
