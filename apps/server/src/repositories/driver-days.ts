import type { Executor } from './executor.ts';

/** A package's fields a driver's day shows. */
export interface DriverDayPackage {
  id: string;
  trackingNumber: string;
  deliveryAddress: string;
  serviceType: string;
  status: string;
  estimatedDelivery: string;
  deliveryLat: number | null;
  deliveryLng: number | null;
}

export interface DriverDayOutcome {
  id: string;
  packageId: string;
  kind: string;
  reason: string | null;
  deviceTime: string;
  createdAt: string;
}

export interface DriverDayFix {
  packageId: string;
  lat: number;
  lng: number;
  accuracy: number | null;
  recordedAt: string;
  /** The phone of the driver the package was with when the fix came (services/fixes.ts), else the fix's own. */
  driverPhone: string | null;
}

const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/**
 * What a driver's day is read from (issue 35, item 3): the outcomes the driver recorded, the packages they touch or
 * the driver carries, and those packages' fixes. Read only, over a UTC range wide enough for the local day in any
 * zone (the service keeps what falls on the day); each table keeps its one owner for writes.
 */
export class DriverDayRepository {
  constructor(private readonly db: Executor) {}

  outcomesByDriverBetween(driverId: string, fromIso: string, toIso: string): Promise<DriverDayOutcome[]> {
    return this.db
      .selectFrom('deliveryOutcomes')
      .select(['id', 'packageId', 'kind', 'reason', 'deviceTime', 'createdAt'])
      .where('driverId', '=', driverId)
      .where('deviceTime', '>=', fromIso)
      .where('deviceTime', '<', toIso)
      .execute();
  }

  /** The ids of the packages assigned to the driver now. */
  async packageIdsOfDriver(driverId: string): Promise<string[]> {
    const rows = await this.db.selectFrom('packages').select('id').where('driverId', '=', driverId).execute();
    return rows.map((r) => r.id);
  }

  async packagesByIds(ids: readonly string[]): Promise<Map<string, DriverDayPackage>> {
    const out = new Map<string, DriverDayPackage>();
    for (const part of chunks([...new Set(ids)])) {
      const rows = await this.db
        .selectFrom('packages')
        .select(['id', 'trackingNumber', 'deliveryAddress', 'serviceType', 'status', 'estimatedDelivery', 'deliveryLat', 'deliveryLng'])
        .where('id', 'in', part)
        .execute();
      for (const row of rows) out.set(row.id, row);
    }
    return out;
  }

  /**
   * The live fixes (device 'current' locations, not typed in by hand) of these packages recorded (device time) in the
   * range: `locations_all`, so the fixes still in SQLite's write buffer count too (migration 003).
   */
  async fixesOfPackagesBetween(ids: readonly string[], fromIso: string, toIso: string): Promise<DriverDayFix[]> {
    const out: DriverDayFix[] = [];
    for (const part of chunks([...new Set(ids)])) {
      const rows = await this.db
        .selectFrom('locationsAll')
        .select(['packageId', 'lat', 'lng', 'accuracy', 'recordedAt', 'driverPhone'])
        .where('packageId', 'in', part)
        .where('type', '=', 'current')
        .where('isLiveTracking', '=', 1)
        .where('recordedAt', '>=', fromIso)
        .where('recordedAt', '<', toIso)
        .execute();
      for (const row of rows) out.push({ ...row, lat: Number(row.lat), lng: Number(row.lng), accuracy: row.accuracy === null ? null : Number(row.accuracy) });
    }
    return out;
  }
}
