import type { FleetCounts, FleetSnapshot } from '@cargo/shared';
import type { FleetDriverState } from '../services/fleet/fleet.ts';

/** The fleet map's snapshot (fleetSnapshotSchema): no PIN hash, no link, nothing but what the map shows. */
export function presentFleet(snapshot: { drivers: FleetDriverState[]; counts: FleetCounts; serverTime: string }): FleetSnapshot {
  return {
    drivers: snapshot.drivers.map(({ driver, position, packagesOnBoard, nextStop, lateStops, firstLateStop }) => ({
      id: driver.id,
      name: driver.name,
      phone: driver.phone,
      vehicleId: driver.vehicleId,
      position,
      packagesOnBoard,
      nextStop,
      late: lateStops > 0,
      lateStops,
      firstLateStop,
    })),
    counts: snapshot.counts,
    serverTime: snapshot.serverTime,
  };
}
