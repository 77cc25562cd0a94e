import { ENDED_STATUSES, type FleetCounts, type FleetPosition } from '@cargo/shared';
import type { DriverRow } from '../../db/types.ts';
import { isPastWindow, packageWindow } from '../../lib/package-window.ts';
import { routeFigures, type OptimiserStop } from '../route-optimiser/built-in.ts';
import type { Repositories } from '../../repositories/index.ts';
import type { FleetFeed } from './fleet-feed.ts';

export interface FleetDriverState {
  driver: DriverRow;
  position: FleetPosition | null;
  packagesOnBoard: number;
  nextStop: { packageId: string; trackingNumber: string; address: string } | null;
  lateStops: number;
  firstLateStop: { packageId: string; trackingNumber: string; eta: string; windowEnd: string } | null;
}

/**
 * The fleet map's first view (issue 20): every active driver with their position, load and next stop, and the day's
 * counts. Live positions then come over /ws (fleet-feed.ts).
 */
export class FleetService {
  constructor(
    private readonly repos: Repositories,
    private readonly feed: FleetFeed,
    private readonly now: () => number = Date.now,
  ) {}

  async snapshot(): Promise<{ drivers: FleetDriverState[]; counts: FleetCounts; serverTime: string }> {
    const now = this.now();
    const today = new Date(now);
    const dayStart = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate())).toISOString();
    const [drivers, open, deliveredToday, attemptedToday, places] = await Promise.all([
      this.repos.drivers.list(),
      this.repos.packages.openSummaries(ENDED_STATUSES),
      this.repos.packages.countInStatus('delivered', dayStart),
      // Attempts are outcomes a driver recorded (issue 18), not a status: the package stays out for delivery.
      this.repos.deliveryProof.countAttemptsSince(dayStart),
      this.repos.routeStops.listAll(),
    ]);
    const active = drivers.filter((d) => d.isActive === 1);
    // A place counts only on the route of the driver the package is with now.
    const place = new Map(places.map((row) => [`${row.driverId}:${row.packageId}`, row.position]));

    const byDriver = new Map<string, typeof open>();
    let late = 0;
    let unassigned = 0;
    let outForDelivery = 0;
    for (const pkg of open) {
      if (pkg.status === 'out_for_delivery') outForDelivery += 1;
      if (isPastWindow(pkg, now)) late += 1;
      if (!pkg.driverId) {
        unassigned += 1;
        continue;
      }
      const list = byDriver.get(pkg.driverId) ?? [];
      list.push(pkg);
      byDriver.set(pkg.driverId, list);
    }

    const states = active.map((driver): FleetDriverState => {
      const load = byDriver.get(driver.id) ?? [];
      const ordered = [...load]
        .filter((p) => p.deliveryLat !== null && p.deliveryLng !== null)
        .sort((a, b) => (place.get(`${driver.id}:${a.id}`) ?? Number.MAX_SAFE_INTEGER) - (place.get(`${driver.id}:${b.id}`) ?? Number.MAX_SAFE_INTEGER));
      const next = ordered[0];
      const position = this.positionOf(driver);
      // The dashboard's ETA (route-optimiser/built-in.ts): from where the driver is now, along the order.
      const stops: OptimiserStop[] = ordered.map((p) => {
        const window = packageWindow(p);
        return { id: p.id, lat: Number(p.deliveryLat), lng: Number(p.deliveryLng), windowStart: window?.start ?? null, windowEnd: window?.end ?? null };
      });
      const figures = stops.length > 0 ? routeFigures({ start: position ? { lat: position.lat, lng: position.lng } : null, stops, departAt: now }) : null;
      const firstLate = figures?.timings.find((t) => t.late);
      const latePkg = firstLate ? ordered.find((p) => p.id === firstLate.id)! : null;
      const lateEnd = firstLate ? stops.find((s) => s.id === firstLate.id)!.windowEnd! : null;
      return {
        driver,
        position,
        packagesOnBoard: load.length,
        nextStop: next ? { packageId: next.id, trackingNumber: next.trackingNumber, address: next.deliveryAddress } : null,
        lateStops: figures?.lateStops ?? 0,
        firstLateStop:
          firstLate && latePkg && lateEnd !== null
            ? { packageId: latePkg.id, trackingNumber: latePkg.trackingNumber, eta: new Date(firstLate.arrival).toISOString(), windowEnd: new Date(lateEnd).toISOString() }
            : null,
      };
    });
    return { drivers: states, counts: { outForDelivery, deliveredToday, attemptedToday, late, unassigned }, serverTime: new Date(now).toISOString() };
  }

  /** The feed's position (with speed, heading and when it last moved) or, before any since the start, the stored one. */
  private positionOf(driver: DriverRow): FleetPosition | null {
    const held = this.feed.positionOf(driver.id);
    if (held) return held;
    if (driver.currentLat === null || driver.currentLng === null || !driver.lastLocationUpdate) return null;
    return {
      driverId: driver.id,
      lat: Number(driver.currentLat),
      lng: Number(driver.currentLng),
      speed: null,
      heading: null,
      recordedAt: driver.lastLocationUpdate,
      movedAt: driver.lastLocationUpdate,
    };
  }
}
