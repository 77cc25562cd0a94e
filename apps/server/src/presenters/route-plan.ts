import type { DriverStops, RouteOptimisation, RoutePlan } from '@cargo/shared';
import type { PackageRow } from '../db/types.ts';
import type { RouteFigures } from '../services/route-optimiser/built-in.ts';
import type { DriverStopSet, Optimisation } from '../services/route-optimiser/stop-order.ts';

/** Navigation to a stop: the `geo:` URI (RFC 5870) phones hand to their maps app, and a Google Maps directions link. */
function navigation(lat: number, lng: number, label: string) {
  const at = `${lat.toFixed(6)},${lng.toFixed(6)}`;
  return {
    geo: `geo:${at}?q=${at}(${encodeURIComponent(label)})`,
    maps: `https://www.google.com/maps/dir/?api=1&destination=${at}`,
  };
}

function plan(figures: RouteFigures, set: DriverStopSet): RoutePlan {
  const points = new Map(set.stops.map((s) => [s.id, s]));
  return {
    distanceM: Math.round(figures.distanceM),
    lateStops: figures.lateStops,
    stops: figures.timings.map((t) => {
      const pkg = set.packages.get(t.id)!;
      const point = points.get(t.id)!;
      return {
        packageId: pkg.id,
        trackingNumber: pkg.trackingNumber,
        customerName: pkg.customerName,
        status: pkg.status,
        address: pkg.deliveryAddress,
        lat: point.lat,
        lng: point.lng,
        windowEnd: point.windowEnd != null ? new Date(point.windowEnd).toISOString() : null,
        eta: new Date(t.arrival).toISOString(),
        late: t.late,
        legM: Math.round(t.legM),
        navigation: navigation(point.lat, point.lng, `${pkg.trackingNumber} ${pkg.deliveryAddress}`),
      };
    }),
  };
}

const unplaced = (rows: PackageRow[]) => rows.map((p) => ({ packageId: p.id, trackingNumber: p.trackingNumber, address: p.deliveryAddress }));

export function presentOptimisation(o: Optimisation): RouteOptimisation {
  return {
    engine: o.engine,
    notice: o.notice,
    start: o.set.start,
    before: plan(o.before, o.set),
    after: plan(o.after, o.set),
    unplaced: unplaced(o.set.unplaced),
    computeMs: Math.round(o.computeMs * 10) / 10,
  };
}

export function presentDriverStops(set: DriverStopSet, figures: RouteFigures): DriverStops {
  const p = plan(figures, set);
  return { driverId: set.driver.id, start: set.start, acceptedAt: set.acceptedAt, distanceM: p.distanceM, stops: p.stops, unplaced: unplaced(set.unplaced) };
}
