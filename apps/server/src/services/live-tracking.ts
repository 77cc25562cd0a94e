import tzlookup from '@photostructure/tz-lookup';
import { GPS_STALE_MS, LIVE_MSG, LIVE_STATUSES, type LiveTracking, type PackageStatus } from '@cargo/shared';
import type { Kysely, Selectable } from 'kysely';
import type { Database, LocationsTable, PackagesTable } from '../db/types.ts';
import { sha256 } from '../lib/crypto.ts';
import { etaMinutes, distanceM, smoothedSpeed } from './proximity.ts';

export type PackageRow = Selectable<PackagesTable>;
export type FixRow = Selectable<LocationsTable>;

/** How many recent fixes feed the smoothed speed behind the ETA. */
export const SPEED_WINDOW = 10;

/** A driver's live position is public only in these statuses (design.md §4). */
export const isLiveStatus = (status: string): boolean => (LIVE_STATUSES as readonly string[]).includes(status as PackageStatus);

/** A package by id or by tracking number (trimmed, case-insensitive; design.md §6). */
export function findPackageByRef(db: Kysely<Database>, ref: string): Promise<PackageRow | undefined> {
  const trimmed = ref.trim();
  if (!trimmed) return Promise.resolve(undefined);
  return db
    .selectFrom('packages')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', trimmed), eb(eb.fn('lower', ['trackingNumber']), '=', trimmed.toLowerCase())]))
    .executeTakeFirst();
}

/** The live fixes of a package: 'current' locations that came from a device, not typed in by hand. */
function fixesOf(db: Kysely<Database>, packageId: string) {
  return db.selectFrom('locations').where('packageId', '=', packageId).where('type', '=', 'current').where('isLiveTracking', '=', 1);
}

/** The fix that is the current position: the newest by device time. */
export function newestFix(db: Kysely<Database>, packageId: string): Promise<FixRow | undefined> {
  return fixesOf(db, packageId).selectAll().orderBy('recordedAt', 'desc').orderBy('createdAt', 'desc').limit(1).executeTakeFirst();
}

/** The stored fix just before (or at) a device time: what a new fix is compared with. */
export function fixAtOrBefore(db: Kysely<Database>, packageId: string, recordedAt: string): Promise<FixRow | undefined> {
  return fixesOf(db, packageId)
    .selectAll()
    .where('recordedAt', '<=', recordedAt)
    .orderBy('recordedAt', 'desc')
    .orderBy('createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Speeds (m/s) of the recent fixes, oldest first. */
export async function recentSpeeds(db: Kysely<Database>, packageId: string): Promise<Array<number | null>> {
  const rows = await fixesOf(db, packageId).select('speed').orderBy('recordedAt', 'desc').limit(SPEED_WINDOW).execute();
  return rows.map((r) => (r.speed == null ? null : Number(r.speed))).reverse();
}

/** The IANA time zone at a position, null where the lookup has none. */
export function timeZoneAt(lat: number, lng: number): string | null {
  try {
    return tzlookup(lat, lng);
  } catch {
    return null;
  }
}

const num = (v: number | null | undefined): number | null => (v == null ? null : Number(v));

export interface PublicSubscription {
  pkg: PackageRow;
  /** Set when the reference was a customer share link. */
  tokenHash: string | null;
  expiresAt: string | null;
}

/**
 * The public live view of a package (GET /api/tracking/live/{ref}, /ws subscriptions): reached by tracking number
 * (or id) or by an active customer share link. The driver's position is shown only while the package is in transit
 * or out for delivery (design.md §4).
 */
export class LiveTrackingService {
  constructor(private readonly db: Kysely<Database>) {}

  /** A tracking number, a package id or an active customer share-link token; undefined when none matches. */
  async resolvePublicRef(ref: string): Promise<PublicSubscription | undefined> {
    const trimmed = ref.trim();
    if (!trimmed) return undefined;
    const byRef = await findPackageByRef(this.db, trimmed);
    if (byRef) return { pkg: byRef, tokenHash: null, expiresAt: null };
    const tokenHash = sha256(trimmed);
    const link = await this.db
      .selectFrom('shareLinks')
      .innerJoin('packages', 'packages.id', 'shareLinks.packageId')
      .selectAll('packages')
      .select(['shareLinks.expiresAt as linkExpiresAt'])
      .where('shareLinks.tokenHash', '=', tokenHash)
      .where('shareLinks.kind', '=', 'customer')
      .where('shareLinks.revokedAt', 'is', null)
      .where('shareLinks.expiresAt', '>', new Date().toISOString())
      .executeTakeFirst();
    if (!link) return undefined;
    const { linkExpiresAt, ...pkg } = link;
    return { pkg, tokenHash, expiresAt: linkExpiresAt };
  }

  /** Minutes to the delivery address from a position, or null without delivery coordinates. */
  async etaFrom(pkg: PackageRow, position: { lat: number; lng: number }, extraSpeed?: number | null): Promise<{ distance: number; eta: number } | null> {
    if (pkg.deliveryLat == null || pkg.deliveryLng == null) return null;
    const distance = distanceM(position, { lat: Number(pkg.deliveryLat), lng: Number(pkg.deliveryLng) });
    const speeds = await recentSpeeds(this.db, pkg.id);
    if (extraSpeed !== undefined) speeds.push(extraSpeed);
    return { distance, eta: etaMinutes(distance, smoothedSpeed(speeds)) };
  }

  async view(ref: string, nowMs = Date.now()): Promise<LiveTracking | undefined> {
    const resolved = await this.resolvePublicRef(ref);
    if (!resolved) return undefined;
    const { pkg } = resolved;
    const showPosition = isLiveStatus(pkg.status);
    const fix = await newestFix(this.db, pkg.id);
    const driver = pkg.driverId
      ? await this.db.selectFrom('drivers').select(['name', 'phone', 'vehicleId']).where('id', '=', pkg.driverId).executeTakeFirst()
      : undefined;

    const isActive = showPosition && !!fix && nowMs - Date.parse(fix.recordedAt) <= GPS_STALE_MS;
    let message: string | null = null;
    if (!isActive) {
      if (pkg.status === 'delivered') message = LIVE_MSG.delivered;
      else if (!fix) message = LIVE_MSG.notStarted;
      else if (!showPosition) message = LIVE_MSG.notLive;
      else message = LIVE_MSG.sharingPaused;
    }

    const position = showPosition && fix ? { lat: Number(fix.lat), lng: Number(fix.lng) } : null;
    const eta = position ? await this.etaFrom(pkg, position) : null;

    return {
      packageId: pkg.id,
      status: pkg.status,
      driverName: fix?.driverName ?? driver?.name ?? pkg.driver ?? null,
      driverPhone: fix?.driverPhone ?? driver?.phone ?? pkg.driverPhone ?? null,
      vehicleId: fix?.vehicleId ?? driver?.vehicleId ?? null,
      isActive,
      message,
      estimatedArrival: eta ? new Date(nowMs + eta.eta * 60_000).toISOString() : null,
      etaMinutes: eta ? eta.eta : null,
      // A maps link to where the driver is: as private as the position itself.
      realLocationLink: showPosition ? pkg.realLocationLink : null,
      packageInfo: { trackingNumber: pkg.trackingNumber, customer: pkg.customerName, destination: pkg.deliveryAddress },
      pickup: { address: pkg.pickupAddress, lat: num(pkg.pickupLat), lng: num(pkg.pickupLng) },
      delivery: { address: pkg.deliveryAddress, lat: num(pkg.deliveryLat), lng: num(pkg.deliveryLng) },
      currentLocation:
        fix && position
          ? {
              lat: position.lat,
              lng: position.lng,
              address: fix.address,
              lastUpdate: fix.recordedAt,
              speed: num(fix.speed),
              accuracy: num(fix.accuracy),
              heading: num(fix.heading),
              battery: num(fix.battery),
              timeZone: timeZoneAt(position.lat, position.lng),
            }
          : null,
    };
  }
}
