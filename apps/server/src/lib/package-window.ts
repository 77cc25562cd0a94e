import { deliveryWindowOf, type DeliveryWindow } from '@cargo/shared';
import type { PackageRow } from '../db/types.ts';
import { zoneOfPlace } from './time-zone.ts';

type WindowedPackage = Pick<PackageRow, 'estimatedDelivery' | 'deliveryLat' | 'deliveryLng'>;

/**
 * A package's delivery window as instants, in the zone of its delivery address (the zone quiet hours use; the server's
 * own when the address has no coordinates): the one place the server turns a window into times (issue 31). The fleet
 * map's 'late', the advance notice and the stop order's windows all read it.
 */
export function packageWindow(pkg: WindowedPackage): DeliveryWindow | null {
  return deliveryWindowOf(pkg.estimatedDelivery, zoneOfPlace(pkg.deliveryLat, pkg.deliveryLng));
}

/** Past the end of its window's last day, on the delivery address's clock. */
export function isPastWindow(pkg: WindowedPackage, atMs: number): boolean {
  const window = packageWindow(pkg);
  return window !== null && atMs > window.end;
}
