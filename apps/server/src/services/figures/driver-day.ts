import { ERR, isEndedStatus, type DriverDay, type DriverDayStop } from '@cargo/shared';
import { notFound } from '../../lib/http-errors.ts';
import { packageWindow } from '../../lib/package-window.ts';
import { wallClock, zoneOfPlace } from '../../lib/time-zone.ts';
import type { DriverDayOutcome, DriverDayPackage } from '../../repositories/driver-days.ts';
import type { Repositories } from '../../repositories/index.ts';
import { filterTrail } from '../fix-filters.ts';
import { byTime, utcRange } from './figure-math.ts';

const isDelivery = (kind: string | null) => kind === 'delivered' || kind === 'left';

/**
 * A driver's day (issue 35, item 3): the stops the driver closed that day (each package's outcomes by this driver on
 * its delivery address's local day), the stops still waiting on the driver's accepted order when the day is today,
 * and the distance along the day's GPS trail once the fix filters have dropped resends and jumps.
 */
export class DriverDayService {
  constructor(
    private readonly repos: Repositories,
    private readonly now: () => number = Date.now,
  ) {}

  async day(driverId: string, date: string): Promise<DriverDay> {
    const driver = await this.repos.drivers.findById(driverId);
    if (!driver) throw notFound(ERR.driverNotFound);
    const repo = this.repos.driverDays;
    const { fromIso, toIso } = utcRange({ from: date, to: date });
    const nowMs = this.now();

    const outcomes = await repo.outcomesByDriverBetween(driverId, fromIso, toIso);
    const route = await this.repos.routeStops.forDriver(driverId);
    const assigned = await repo.packageIdsOfDriver(driverId);
    const packages = await repo.packagesByIds([...outcomes.map((o) => o.packageId), ...route.map((r) => r.packageId), ...assigned]);
    const zoneOf = (pkg: DriverDayPackage | undefined) => zoneOfPlace(pkg?.deliveryLat, pkg?.deliveryLng);
    const onDay = (pkg: DriverDayPackage | undefined, iso: string) => wallClock(zoneOf(pkg), Date.parse(iso)).day === date;

    const byPackage = new Map<string, DriverDayOutcome[]>();
    for (const o of outcomes.filter((o) => onDay(packages.get(o.packageId), o.deviceTime)).sort(byTime)) {
      byPackage.set(o.packageId, [...(byPackage.get(o.packageId) ?? []), o]);
    }
    const position = new Map(route.map((r, i) => [r.packageId, i + 1]));
    const stop = (pkg: DriverDayPackage, list: DriverDayOutcome[]): DriverDayStop => {
      const last = list.at(-1) ?? null;
      const window = packageWindow(pkg);
      return {
        packageId: pkg.id,
        trackingNumber: pkg.trackingNumber,
        deliveryAddress: pkg.deliveryAddress,
        serviceType: pkg.serviceType,
        plannedPosition: position.get(pkg.id) ?? null,
        window: window ? { start: new Date(window.start).toISOString(), end: new Date(window.end).toISOString() } : null,
        outcomes: list.map((o) => ({ kind: o.kind, reason: o.reason, at: o.deviceTime })),
        outcome: last?.kind ?? null,
        at: last?.deviceTime ?? null,
        onTime: last && isDelivery(last.kind) && window ? Date.parse(last.deviceTime) <= window.end : null,
      };
    };
    const stops: DriverDayStop[] = [];
    for (const [packageId, list] of byPackage) {
      const pkg = packages.get(packageId);
      if (pkg) stops.push(stop(pkg, list));
    }
    stops.sort((a, b) => (a.at ?? '').localeCompare(b.at ?? ''));
    // Today, the stops still waiting on the accepted order follow, in that order.
    for (const r of route) {
      const pkg = packages.get(r.packageId);
      if (!pkg || byPackage.has(pkg.id) || isEndedStatus(pkg.status) || wallClock(zoneOf(pkg), nowMs).day !== date) continue;
      stops.push(stop(pkg, []));
    }

    // The day is read in its stops' zone (the most common one); the server's when it has none.
    const zones = new Map<string, number>();
    for (const s of stops) {
      const zone = zoneOf(packages.get(s.packageId));
      zones.set(zone, (zones.get(zone) ?? 0) + 1);
    }
    const timeZone = [...zones].sort((a, b) => b[1] - a[1])[0]?.[0] ?? zoneOfPlace(null, null);

    // The trail: the fixes of every package the driver closed that day or carries, on the day in that zone, sent while
    // the package was with this driver (a fix names the phone of the package's driver then: a package reassigned
    // during the day brings no fix of the driver before).
    const fixes = await repo.fixesOfPackagesBetween([...new Set([...byPackage.keys(), ...route.map((r) => r.packageId), ...assigned])], fromIso, toIso);
    const points = fixes
      .filter((f) => f.driverPhone === driver.phone && wallClock(timeZone, Date.parse(f.recordedAt)).day === date)
      .map((f) => ({ lat: f.lat, lng: f.lng, accuracy: f.accuracy, recordedAtMs: Date.parse(f.recordedAt) }));
    const trail = filterTrail(points, nowMs);
    const closed = stops.filter((s) => s.at !== null);

    return {
      driver: { id: driver.id, name: driver.name, vehicleId: driver.vehicleId },
      date,
      timeZone,
      stops,
      summary: {
        stops: closed.length,
        delivered: closed.filter((s) => isDelivery(s.outcome)).length,
        attempted: closed.filter((s) => s.outcome === 'attempted').length,
        firstStopAt: closed[0]?.at ?? null,
        lastStopAt: closed.at(-1)?.at ?? null,
      },
      trail: {
        fixes: trail.kept.length,
        dropped: trail.dropped,
        distanceM: Math.round(trail.distanceM),
        firstFixAt: trail.kept[0] ? new Date(trail.kept[0].recordedAtMs).toISOString() : null,
        lastFixAt: trail.kept.at(-1) ? new Date(trail.kept.at(-1)!.recordedAtMs).toISOString() : null,
      },
    };
  }
}
