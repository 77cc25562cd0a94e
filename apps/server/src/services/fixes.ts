import { ERR, isEndedStatus, isLiveStatus, LIVE_MSG, LIVE_STATUSES, MPH_PER_MS, MS_PER_KNOT, queuedFixSchema, type FixBatchResult } from '@cargo/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { PackageRow } from '../db/types.ts';
import { HttpError, conflict, notFound, unprocessable } from '../lib/http-errors.ts';
import { presentLocationUpdate } from '../presenters/live-tracking.ts';
import type { LiveHub } from '../realtime/hub.ts';
import type { Repositories } from '../repositories/index.ts';
import { isForeignKeyViolation } from '../repositories/errors.ts';
import type { FixWriter, ProximityEvent } from '../repositories/fix-writer.ts';
import { locationRow } from '../repositories/packages.ts';
import { checkFixAlone, filterFix, type FixPoint } from './fix-filters.ts';
import type { UnusedPoint } from './devices.ts';
import type { FixState, HotState } from './hot-state.ts';
import type { LiveTrackingService } from './live-tracking.ts';
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
  recordContact(id: string, battery: number | null): Promise<void>;
  recordUnusedPoint(deviceId: string, point: UnusedPoint): Promise<void>;
}

export interface FixResult {
  success: true;
  locationId: string;
  movedCurrent: boolean;
}

export const mphToMs = (mph: number | null | undefined): number | null => (mph == null ? null : mph / MPH_PER_MS);
export const knotsToMs = (knots: number | null | undefined): number | null => (knots == null ? null : knots * MS_PER_KNOT);

/**
 * The outbox event of a proximity alert that fires (decision 046): 'approaching' and 'arriving' are events ('very near'
 * is only a banner on the open page).
 */
function proximityEvent(pkg: PackageRow, alert: string | null, eta: { distance: number; eta: number | null } | null, occurredAt: string): ProximityEvent | undefined {
  if ((alert !== 'approaching' && alert !== 'arriving') || !eta) return undefined;
  return {
    type: `package.${alert}`,
    data: { trackingNumber: pkg.trackingNumber, status: pkg.status, distanceMeters: Math.round(eta.distance), etaMinutes: eta.eta === null ? null : Math.round(eta.eta) },
    occurredAt,
  };
}

/** The text a package's currentLocation takes from a fix: its address, or 'GPS: lat, lng' (spec §3). */
export const gpsLocationText = (lat: number, lng: number, address?: string | null): string =>
  address?.trim() ? address.trim() : `GPS: ${lat.toFixed(6)}, ${lng.toFixed(6)}`;

/**
 * The one fix pipeline for every source (design.md §6): filters, storage by device time, the current position of
 * the package and its driver, proximity alerts and ETA, and the live push.
 */
/** A driver's own position moved (the fleet map follows it; services/fleet/). */
export interface DriverMove {
  driverId: string;
  lat: number;
  lng: number;
  speed: number | null;
  heading: number | null;
  recordedAt: string;
}

export class FixService {
  /** Told of every move of a driver's own position (set by the fleet feed). */
  onDriverMoved: ((move: DriverMove) => void) | null = null;

  constructor(
    private readonly repos: Repositories,
    private readonly hot: HotState,
    private readonly writer: FixWriter,
    private readonly hub: LiveHub,
    private readonly live: LiveTrackingService,
    private readonly devices: DeviceLookup,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** A fix for one package, named by id or tracking number. */
  async ingest(ref: string, input: FixInput, source: FixSource): Promise<FixResult> {
    const pkg = await this.hot.packageByRef(ref);
    if (!pkg) throw notFound(ERR.packageNotFound);
    return this.ingestForPackage(pkg, input, source);
  }

  async ingestForPackage(pkg: PackageRow, input: FixInput, source: FixSource, nowMs = Date.now()): Promise<FixResult> {
    // Packages whose delivery is over take no more fixes.
    if (isEndedStatus(pkg.status)) throw conflict(LIVE_MSG.deliveryEnded);
    const fix = toFixPoint(input, nowMs);
    // The stored fix just before this one in device time is what it is compared with (a fix without a valid time
    // has none, and filterFix refuses it anyway). It is the newest fix, held in memory, unless this one is late.
    const deviceTime = new Date(fix.recordedAtMs);
    const state = await this.hot.fixState(pkg.id);
    const previous = Number.isNaN(deviceTime.getTime()) ? null : await this.previousFix(pkg.id, state, deviceTime.toISOString());
    // Every filter of design.md §6, in order: the one tested function decides.
    const refused = filterFix(fix, previous, nowMs);
    if (refused) throw unprocessable(refused);
    const recordedAt = deviceTime.toISOString();
    // A late fix from an offline queue is kept for the trail but never moves the position backwards.
    const movedCurrent = !state.newest || state.newest.recordedAt <= recordedAt;

    const driver = pkg.driverId ? await this.hot.driver(pkg.driverId) : undefined;

    const live = movedCurrent && isLiveStatus(pkg.status);
    const speed = finiteOrNull(input.speed);
    const eta = live ? this.live.etaWith(pkg, fix, [...state.speeds, speed]) : null;
    const oldState = pkg.proximityState;
    const proximity = eta ? evaluateProximity(eta.distance, parseProximityState(oldState)) : null;
    const newState = proximity ? serializeProximityState(proximity.state) : oldState;

    const now = new Date(nowMs).toISOString();
    const address = input.address?.trim() || null;
    const row = locationRow({
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
    });
    // The current-location text is public (the package view): it names the driver's position only while the
    // package is in transit or out for delivery (design.md §4). A late fix moves nothing.
    const packageText = live ? { currentLocation: gpsLocationText(fix.lat, fix.lng, address), updatedAt: now } : undefined;
    // Compare-and-set: of two fixes racing past a radius, only one announces it.
    const swap = movedCurrent && newState !== oldState ? { expected: oldState, next: newState, event: proximityEvent(pkg, proximity?.alert ?? null, eta, now) } : undefined;
    // Answered only once the commit that holds this fix is done (group commit, repositories/fix-writer.ts).
    const { proximityWon, textWritten } = await this.writer
      .write({
        location: row,
        packageText,
        proximity: swap,
        driver: movedCurrent && driver ? { id: driver.id, lat: fix.lat, lng: fix.lng, recordedAt } : undefined,
      })
      .catch((err: unknown) => {
        // The package was deleted while the fix waited for its commit.
        if (!isForeignKeyViolation(err)) throw err;
        this.hot.forgetPackage(pkg.id);
        throw notFound(ERR.packageNotFound);
      });
    if (!textWritten) {
      // The package's delivery ended after this fix read it: the fix is stored for the trail, but its position is
      // neither the package's public text nor pushed, and what is held of the package is out of date.
      this.hot.forgetPackage(pkg.id);
      return { success: true, locationId: row.id, movedCurrent };
    }
    this.hot.noteFix(pkg.id, { lat: fix.lat, lng: fix.lng, recordedAt, speed }, movedCurrent, {
      ...packageText,
      ...(swap && proximityWon ? { proximityState: newState } : {}),
    });
    // Another writer moved the proximity state first: what is held of the package is out of date.
    if (swap && !proximityWon) this.hot.forgetPackage(pkg.id);

    if (live) {
      const alert = proximity?.alert && proximityWon && eta ? proximityAlert(proximity.alert, eta.distance, eta.eta) : null;
      this.hub.publish(pkg.id, { type: 'location_update', data: presentLocationUpdate(pkg, row, eta ? eta.estimate : null, alert) });
    }
    const locationId = row.id;
    return { success: true, locationId, movedCurrent };
  }

  /** The stored fix at or before a device time: the newest one held in memory, or for a late fix a read. */
  private async previousFix(packageId: string, state: FixState, recordedAt: string): Promise<FixPoint | null> {
    if (!state.newest) return null;
    if (state.newest.recordedAt <= recordedAt) return { lat: state.newest.lat, lng: state.newest.lng, recordedAtMs: Date.parse(state.newest.recordedAt) };
    const row = await this.repos.packages.fixAtOrBefore(packageId, recordedAt);
    return row ? { lat: Number(row.lat), lng: Number(row.lng), recordedAtMs: Date.parse(row.recordedAt) } : null;
  }

  /**
   * A report from a registered OsmAnd device (Traccar Client, hardware trackers). Every well-formed report from a
   * known device is answered with success (design.md §5, decision 017): every Traccar Client version resends a
   * refused point forever and blocks the ones behind it. The device's last contact and battery are recorded; a report
   * without a usable fix (a heartbeat, cell or wifi only, or one a filter refuses on its own) is kept with its reason
   * and moves nothing. A usable fix applies to each of the driver's packages in transit or out for delivery; a
   * package that refuses it as a resend or a jump is skipped.
   */
  async ingestDevice(identifier: string, input: DeviceReport): Promise<DeviceIngestResult> {
    const device = await this.devices.findByIdentifier(identifier.trim());
    if (!device) throw notFound(ERR.deviceNotFound);
    const battery = finiteOrNull(input.battery);
    await this.devices.recordContact(device.id, battery);
    const nowMs = Date.now();
    const recordedAtMs = input.timestamp ? Date.parse(input.timestamp) : nowMs;
    const recordedAt = new Date(Number.isFinite(recordedAtMs) ? recordedAtMs : nowMs).toISOString();
    const hasCoordinates = Number.isFinite(input.lat) && Number.isFinite(input.lng);
    const unused = async (reason: string): Promise<DeviceIngestResult> => {
      await this.devices.recordUnusedPoint(device.id, {
        lat: hasCoordinates && Math.abs(input.lat) <= 90 ? input.lat : null,
        lng: hasCoordinates && Math.abs(input.lng) <= 180 ? input.lng : null,
        accuracy: finiteOrNull(input.accuracy),
        battery,
        reason,
        recordedAt,
      });
      return { success: true, packages: 0, reason };
    };
    if (!hasCoordinates) return unused(input.hasCellOrWifi ? LIVE_MSG.noGpsFixCellWifi : LIVE_MSG.heartbeat);
    const fix = toFixPoint(input, nowMs);
    const alone = checkFixAlone(fix, nowMs);
    if (alone) return unused(alone);

    const packages = await this.repos.packages.listForDriverIn(device.driverId, LIVE_STATUSES);
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
    const movedAt = new Date(fix.recordedAtMs).toISOString();
    if (await this.repos.drivers.moveToFix(device.driverId, fix.lat, fix.lng, movedAt)) {
      this.onDriverMoved?.({ driverId: device.driverId, lat: fix.lat, lng: fix.lng, speed: finiteOrNull(input.speed), heading: finiteOrNull(input.heading), recordedAt: movedAt });
    }
    return { success: true, packages: applied, reason: null };
  }

  /**
   * A driver's offline queue in one request (issue 7): each fix in the order sent, each with the status it would
   * have had alone. A fix naming a package goes through the package pipeline (which must be the driver's); one
   * without moves the driver's own position, never backwards.
   */
  async ingestDriverBatch(driverId: string, fixes: unknown[]): Promise<FixBatchResult> {
    const results: FixBatchResult['results'] = [];
    for (const [index, raw] of fixes.entries()) {
      const parsed = queuedFixSchema.safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        results.push({ index, status: 400, locationId: null, movedCurrent: false, message: issue ? `${issue.path.join('.') || 'fix'}: ${issue.message}` : 'Invalid fix' });
        continue;
      }
      const { packageId, ...fix } = parsed.data;
      try {
        if (packageId) {
          const pkg = await this.hot.packageByRef(packageId);
          if (!pkg) throw notFound(ERR.packageNotFound);
          if (pkg.driverId !== driverId) throw new HttpError(403, ERR.forbidden);
          const result = await this.ingestForPackage(pkg, fix, 'web');
          results.push({ index, status: 201, locationId: result.locationId, movedCurrent: result.movedCurrent, message: null });
        } else {
          const nowMs = Date.now();
          const point = toFixPoint(fix, nowMs);
          const alone = checkFixAlone(point, nowMs);
          if (alone) throw unprocessable(alone);
          const recordedAt = new Date(point.recordedAtMs).toISOString();
          const moved = await this.repos.drivers.moveToFix(driverId, point.lat, point.lng, recordedAt);
          if (moved) this.onDriverMoved?.({ driverId, lat: point.lat, lng: point.lng, speed: finiteOrNull(fix.speed), heading: finiteOrNull(fix.heading), recordedAt });
          results.push({ index, status: 201, locationId: null, movedCurrent: moved, message: null });
        }
      } catch (err) {
        if (!(err instanceof HttpError) || err.statusCode >= 500) throw err;
        results.push({ index, status: err.statusCode, locationId: null, movedCurrent: false, message: err.message });
      }
    }
    const accepted = results.filter((r) => r.status === 201).length;
    return { accepted, rejected: results.length - accepted, results };
  }
}

/** An OsmAnd report: a fix, or only a heartbeat (no coordinates: lat and lng NaN). */
export interface DeviceReport extends FixInput {
  /** The report carried cell towers or wifi access points instead of a GPS fix. */
  hasCellOrWifi?: boolean;
}

export interface DeviceIngestResult {
  success: true;
  packages: number;
  /** Why the report moved nothing, or null when it was used. */
  reason: string | null;
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
