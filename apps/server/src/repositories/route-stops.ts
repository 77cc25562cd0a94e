import type { RouteStopRow } from '../db/types.ts';
import type { Executor } from './executor.ts';

/** The route_stops table (a driver's accepted stop order, issue 20): the only code that queries it. */
export class RouteStopRepository {
  constructor(private readonly db: Executor) {}

  /** The driver's accepted order, first stop first. */
  forDriver(driverId: string): Promise<RouteStopRow[]> {
    return this.db.selectFrom('routeStops').selectAll().where('driverId', '=', driverId).orderBy('position').execute();
  }

  /** Every accepted place on every route (the fleet map's next stops; a row per package on a route). */
  listAll(): Promise<RouteStopRow[]> {
    return this.db.selectFrom('routeStops').selectAll().execute();
  }

  /** Replaces the driver's order with this one (package ids, first stop first). */
  async replace(driverId: string, packageIds: readonly string[], acceptedAt: string): Promise<void> {
    await this.db.deleteFrom('routeStops').where('driverId', '=', driverId).execute();
    if (packageIds.length === 0) return;
    // A package is on one route: a place it had on another driver's route goes.
    await this.db.deleteFrom('routeStops').where('packageId', 'in', [...packageIds]).execute();
    await this.db
      .insertInto('routeStops')
      .values(packageIds.map((packageId, position) => ({ packageId, driverId, position, acceptedAt })))
      .execute();
  }
}
