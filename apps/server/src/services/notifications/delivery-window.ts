import { formatDeliveryDay, parseDeliveryRange } from '@cargo/shared';
import type { PackageRow } from '../../db/types.ts';
import { packageWindow } from '../../lib/package-window.ts';
import { wallClock } from '../../lib/time-zone.ts';

/**
 * The advance notice the summary card promises (issue 17, item 5): a package set out for delivery before its delivery
 * window begins (the first day's 00:00 on the delivery address's clock, lib/package-window.ts) arrives early. Null when
 * it does not, or when the window is not a range of days this product wrote.
 */
export function earlyArrival(pkg: Pick<PackageRow, 'estimatedDelivery' | 'deliveryLat' | 'deliveryLng'>, nowMs: number): { reason: 'early'; expectedDay: string; windowStart: string; windowEnd: string } | null {
  const window = packageWindow(pkg);
  if (!window || nowMs >= window.start) return null;
  const [start, end] = parseDeliveryRange(pkg.estimatedDelivery);
  return { reason: 'early', expectedDay: formatDeliveryDay(wallClock(window.timeZone, nowMs).day), windowStart: formatDeliveryDay(start!), windowEnd: formatDeliveryDay(end!) };
}
