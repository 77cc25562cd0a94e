import { formatDeliveryDay, parseDeliveryRange } from '@cargo/shared';
import type { PackageRow } from '../../db/types.ts';
import { wallClock, zoneOfPlace } from '../../lib/time-zone.ts';

/**
 * The advance notice the summary card promises (issue 17, item 5): a package set out for delivery on a day before the
 * first day of its delivery window, in the recipient's zone, arrives early. Null when it does not, or when the window
 * is not a range of days this product wrote.
 */
export function earlyArrival(pkg: Pick<PackageRow, 'estimatedDelivery' | 'deliveryLat' | 'deliveryLng'>, nowMs: number): { reason: 'early'; expectedDay: string; windowStart: string; windowEnd: string } | null {
  const [start, end] = parseDeliveryRange(pkg.estimatedDelivery);
  if (!start || !end) return null;
  const today = wallClock(zoneOfPlace(pkg.deliveryLat, pkg.deliveryLng), nowMs).day;
  if (today >= start) return null;
  return { reason: 'early', expectedDay: formatDeliveryDay(today), windowStart: formatDeliveryDay(start), windowEnd: formatDeliveryDay(end) };
}
