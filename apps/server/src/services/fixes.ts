import { ERR, LIVE_MSG, MPH_PER_MS, MS_PER_KNOT } from '@cargo/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { newId } from '../lib/crypto.ts';
import { HttpError, conflict, notFound, unprocessable } from '../lib/http-errors.ts';
import type { LiveHub } from '../realtime/hub.ts';
import { checkAgainstPrevious, checkFixAlone, type FixPoint } from './fix-filters.ts';
import { fixAtOrBefore, findPackageByRef, isLiveStatus, newestFix, type LiveTrackingService, type PackageRow } from './live-tracking.ts';
import { evaluateProximity, parseProximityState, proximityAlert, serializeProximityState } from './proximity.ts';

/** Where a fix came from: POST /gps, the live update call, the browser, or an OsmAnd device. */
export type FixSource = 'gps' | 'live' | 'web' | 'osmand';

/** A fix with its speed already in m/s (design.md §6: convert at the edge). */
export interface FixInput {
  lat: number;
  lng: number;
  accuracy?: number | null;
  heading?: number | null;
  /** m/s */
  speed?: number | null;
  altitude?: number | null;
  /** Percent, 0-100. */
  battery?: number | null;
  /** Device time, ISO-8601; the server's time when absent. */
  timestamp?: string | null;
  address?: string | null;
  driverName?: string | null;
  driverPhone?: string | null;
  vehicleId?: string | null;
}

/** Finds a registered device by its identifier (services/devices.ts); undefined when unknown or its driver is inactive. */
export interface DeviceLookup {
  findByIdentifier(identifier: string): Promise<{ id: string; driverId: string } | undefined>;
}

export interface FixResult {
  success: true;
  locationId: string;
  movedCurrent: boolean;
}

/** Packages whose delivery is over take no more fixes. */
const ENDED_STATUSES = new Set(['delivered', 'cancelled', 'returned']);

export const mphToMs = (mph: number | null | undefined): number | null => (mph == null ? null : mph / MPH_PER_MS);
export const knotsToMs = (knots: number | null | undefined): number | null => (knots == null ? null : knots * MS_PER_KNOT);

/** The text a package's currentLocation takes from a fix: its address, or 'GPS: lat, lng' (spec §3). */
export const gpsLocationText = (lat: number, lng: number, address?: string | null): string =>
  address?.trim() ? address.trim() : `GPS: ${lat.toFixed(6)}, ${lng.toFixed(6)}`;

/**
 * The one fix pipeline for every source (design.md §6): filters, storage by device time, the current position of
 * the package and its driver, proximity alerts and ETA, and the live push.
 */
export class FixService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly hub: LiveHub,
    private readonly live: LiveTrackingService,
    private readonly devices: DeviceLookup,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** A fix for one package, named by id or tracking number. */
  async ingest(ref: string, input: FixInput, source: FixSource): Promise<FixResult> {
    const pkg = await findPackageByRef(this.db, ref);
    if (!pkg) throw notFound(ERR.packageNotFound);
    return this.ingestForPackage(pkg, input, source);
  }

  async ingestForPackage(pkg: PackageRow, input: FixInput, source: FixSource, nowMs = Date.now()): Promise<FixResult> {
    if (ENDED_STATUSES.has(pkg.status)) throw conflict(LIVE_MSG.deliveryEnded);
    const fix = toFixPoint(input, nowMs);
    const alone = checkFixAlone(fix, nowMs);
    if (alone) throw unprocessable(alone);
    const recordedAt = new Date(fix.recordedAtMs).toISOString();

    const previous = await fixAtOrBefore(this.db, pkg.id, recordedAt);
    const compared = checkAgainstPrevious(fix, previous ? { lat: Number(previous.lat), lng: Number(previous.lng), recordedAtMs: Date.parse(previous.recordedAt) } : null);
    if (compared) throw unprocessable(compared);
    const newest = await newestFix(this.db, pkg.id);
    // A late fix from an offline queue is kept for the trail but never moves the position backwards.
    const movedCurrent = !newest || newest.recordedAt <= recordedAt;

    const driver = pkg.driverId
      ? await this.db.selectFrom('drivers').select(['id', 'name', 'phone', 'vehicleId']).where('id', '=', pkg.driverId).executeTakeFirst()
      : undefined;

    const live = movedCurrent && isLiveStatus(pkg.status);
    const speed = finiteOrNull(input.speed);
    const eta = live ? await this.live.etaFrom(pkg, fix, speed) : null;
    const oldState = pkg.proximityState;
    const proximity = eta ? evaluateProximity(eta.distance, parseProximityState(oldState)) : null;
    const newState = proximity ? serializeProximityState(proximity.state) : oldState;

    const locationId = newId();
    const now = new Date(nowMs).toISOString();
    const address = input.address?.trim() || null;
    let alertWon = false;
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('locations')
        .values({
          id: locationId,
          packageId: pkg.id,
          lat: fix.lat,
          lng: fix.lng,
          type: 'current',
          address,
          driverName: input.driverName?.trim() || driver?.name || pkg.driver || null,
          driverPhone: input.driverPhone?.trim() || driver?.phone || pkg.driverPhone || null,
          vehicleId: input.vehicleId?.trim() || driver?.vehicleId || null,
          accuracy: finiteOrNull(input.accuracy),
          heading: finiteOrNull(input.heading),
          speed,
          altitude: finiteOrNull(input.altitude),
          battery: finiteOrNull(input.battery),
          isLiveTracking: 1,
          source,
          recordedAt,
          createdAt: now,
        })
        .execute();
      if (!movedCurrent) return;
      // The current-location text is public (the package view): it names the driver's position only while the
      // package is in transit or out for delivery (design.md §4).
      if (isLiveStatus(pkg.status)) {
        await trx
          .updateTable('packages')
          .set({ currentLocation: gpsLocationText(fix.lat, fix.lng, address), updatedAt: now })
          .where('id', '=', pkg.id)
          .execute();
      }
      if (newState !== oldState) {
        // Compare-and-set: of two fixes racing past a radius, only one announces it.
        const swapped = await trx
          .updateTable('packages')
          .set({ proximityState: newState })
          .where('id', '=', pkg.id)
          .where((eb) => (oldState == null ? eb('proximityState', 'is', null) : eb('proximityState', '=', oldState)))
          .executeTakeFirst();
        alertWon = Number(swapped.numUpdatedRows) > 0;
      }
      if (driver) await updateDriverPosition(trx, driver.id, fix.lat, fix.lng, recordedAt);
    });

    if (live) {
      this.hub.publish(pkg.id, {
        type: 'location_update',
        data: {
          packageId: pkg.id,
          trackingNumber: pkg.trackingNumber,
          status: pkg.status,
          lat: fix.lat,
          lng: fix.lng,
          address,
          speed,
          accuracy: finiteOrNull(input.accuracy),
          heading: finiteOrNull(input.heading),
          battery: finiteOrNull(input.battery),
          recordedAt,
          etaMinutes: eta ? eta.eta : null,
          ...(proximity?.alert && alertWon && eta ? { proximityAlert: proximityAlert(proximity.alert, eta.distance, eta.eta) } : {}),
        },
      });
    }
    return { success: true, locationId, movedCurrent };
  }

  /**
   * A fix from a registered OsmAnd device: it applies to each of the driver's packages in transit or out for
   * delivery. A package that refuses it as a resend or a jump is skipped (an offline queue resends, and a device
   * answered with an error would resend forever); a fix that is bad in itself is refused with 422.
   */
  async ingestDevice(identifier: string, input: FixInput): Promise<{ success: true; packages: number }> {
    const device = await this.devices.findByIdentifier(identifier.trim());
    if (!device) throw notFound(ERR.deviceNotFound);
    const nowMs = Date.now();
    const fix = toFixPoint(input, nowMs);
    const alone = checkFixAlone(fix, nowMs);
    if (alone) throw unprocessable(alone);

    const packages = await this.db
      .selectFrom('packages')
      .selectAll()
      .where('driverId', '=', device.driverId)
      .where('status', 'in', ['in_transit', 'out_for_delivery'])
      .execute();
    let applied = 0;
    for (const pkg of packages) {
      try {
        await this.ingestForPackage(pkg, input, 'osmand', nowMs);
        applied += 1;
      } catch (err) {
        if (!(err instanceof HttpError) || err.statusCode !== 422) throw err;
        this.log.debug({ packageId: pkg.id, reason: err.message }, 'device fix skipped for package');
      }
    }
    const recordedAt = new Date(fix.recordedAtMs).toISOString();
    await updateDriverPosition(this.db, device.driverId, fix.lat, fix.lng, recordedAt);
    return { success: true, packages: applied };
  }
}

function finiteOrNull(value: number | null | undefined): number | null {
  return value == null || !Number.isFinite(value) ? null : value;
}

function toFixPoint(input: FixInput, nowMs: number): FixPoint {
  return {
    lat: input.lat,
    lng: input.lng,
    recordedAtMs: input.timestamp ? Date.parse(input.timestamp) : nowMs,
    accuracy: finiteOrNull(input.accuracy),
  };
}

/** Moves the driver to a fix unless the driver already has a newer one (from another package or device). */
async function updateDriverPosition(db: Kysely<Database>, driverId: string, lat: number, lng: number, recordedAt: string): Promise<void> {
  await db
    .updateTable('drivers')
    .set({ currentLat: lat, currentLng: lng, lastLocationUpdate: recordedAt, isOnline: 1 })
    .where('id', '=', driverId)
    .where((eb) => eb.or([eb('lastLocationUpdate', 'is', null), eb('lastLocationUpdate', '<=', recordedAt)]))
    .execute();
}
