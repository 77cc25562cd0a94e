import { distanceM, GPS_STALE_MS, isLiveStatus, KMH_PER_MS, LIVE_MSG, PROXIMITY_TYPES, type EtaEstimate, type ProximityAlert } from '@cargo/shared';
import type { DriverRow, LocationRow, PackageRow } from '../db/types.ts';
import { sha256 } from '../lib/crypto.ts';
import { nowIso } from '../lib/time.ts';
import type { Repositories } from '../repositories/index.ts';
import type { HotState } from './hot-state.ts';
import { DEFAULT_SPEED_MS, etaMinutes, parseProximityState, PROXIMITY_RADII_M, proximityAlert, smoothedSpeed, SPEED_WINDOW } from './proximity.ts';

export interface PublicSubscription {
  pkg: PackageRow;
  /** Set when the reference was a customer share link. */
  tokenHash: string | null;
  expiresAt: string | null;
}

/** An ETA: minutes, straight-line metres, and how it was reached. */
export interface EtaResult {
  distance: number;
  eta: number;
  estimate: EtaEstimate;
}

/** What the live view is made of (presenters/live-tracking.ts shapes it). */
export interface LiveState {
  pkg: PackageRow;
  /** The newest fix, whatever the status (its driver details are shown); its position only when `showPosition`. */
  fix: LocationRow | undefined;
  driver: Pick<DriverRow, 'name' | 'phone' | 'vehicleId'> | undefined;
  showPosition: boolean;
  isActive: boolean;
  message: string | null;
  /** Only from a fresh fix: an ETA from a stale position would be a guess (design.md §6). */
  eta: EtaResult | null;
  /** The tightest alert that fired and whose radius the driver is still inside: what a page opened now shows. */
  proximityAlert: ProximityAlert | null;
  nowMs: number;
}

/**
 * The public live view of a package (GET /api/tracking/live/{ref}, /ws subscriptions): reached by tracking number
 * (or id) or by an active customer share link. The driver's position is shown only while the package is in transit
 * or out for delivery (design.md §4).
 */
export class LiveTrackingService {
  constructor(
    private readonly repos: Repositories,
    /** Packages as held in memory: a subscription or a live-page refresh reads no package row (issue 11). */
    private readonly hot: HotState,
  ) {}

  /** A tracking number, a package id or an active customer share-link token; undefined when none matches. */
  async resolvePublicRef(ref: string): Promise<PublicSubscription | undefined> {
    const trimmed = ref.trim();
    if (!trimmed) return undefined;
    const byRef = await this.hot.packageByRef(trimmed);
    if (byRef) return { pkg: byRef, tokenHash: null, expiresAt: null };
    const tokenHash = sha256(trimmed);
    const link = await this.repos.shareLinks.findActive(tokenHash, 'customer', nowIso());
    const pkg = link ? await this.hot.packageById(link.packageId) : undefined;
    if (!link || !pkg) return undefined;
    return { pkg, tokenHash, expiresAt: link.expiresAt };
  }

  /**
   * The ETA from a position to the delivery address (design.md §6) and how it was reached; null without delivery
   * coordinates. `eta` is the minutes, `distance` the straight-line metres.
   */
  async etaFrom(pkg: PackageRow, position: { lat: number; lng: number }, extraSpeed?: number | null): Promise<EtaResult | null> {
    if (pkg.deliveryLat == null || pkg.deliveryLng == null) return null;
    const speeds = await this.repos.packages.recentSpeeds(pkg.id, SPEED_WINDOW);
    if (extraSpeed !== undefined) speeds.push(extraSpeed);
    return this.etaWith(pkg, position, speeds);
  }

  /** The ETA from recent speeds (m/s, oldest first) already at hand: the fix pipeline holds them in memory. */
  etaWith(pkg: PackageRow, position: { lat: number; lng: number }, speeds: Array<number | null>): EtaResult | null {
    if (pkg.deliveryLat == null || pkg.deliveryLng == null) return null;
    const distance = distanceM(position, { lat: Number(pkg.deliveryLat), lng: Number(pkg.deliveryLng) });
    const speed = smoothedSpeed(speeds.slice(-(SPEED_WINDOW + 1)));
    const eta = etaMinutes(distance, speed);
    const estimate: EtaEstimate = {
      minutes: eta,
      distanceM: Math.round(distance),
      speedKmh: Math.round((speed ?? DEFAULT_SPEED_MS) * KMH_PER_MS),
      speedSource: speed == null ? 'assumed' : 'recent',
    };
    return { distance, eta, estimate };
  }

  async view(ref: string, nowMs = Date.now()): Promise<LiveState | undefined> {
    const resolved = await this.resolvePublicRef(ref);
    if (!resolved) return undefined;
    const { pkg } = resolved;
    const showPosition = isLiveStatus(pkg.status);
    const fix = await this.repos.packages.newestFix(pkg.id);
    const driver = pkg.driverId ? await this.repos.drivers.findById(pkg.driverId) : undefined;

    const isActive = showPosition && !!fix && nowMs - Date.parse(fix.recordedAt) <= GPS_STALE_MS;
    let message: string | null = null;
    if (!isActive) {
      if (pkg.status === 'delivered') message = LIVE_MSG.delivered;
      else if (!fix) message = LIVE_MSG.notStarted;
      else if (!showPosition) message = LIVE_MSG.notLive;
      else message = LIVE_MSG.sharingPaused;
    }
    const eta = isActive && fix ? await this.etaFrom(pkg, { lat: Number(fix.lat), lng: Number(fix.lng) }) : null;
    const fired = parseProximityState(pkg.proximityState).fired;
    const standing = eta ? [...PROXIMITY_TYPES].reverse().find((type) => fired.includes(type) && eta.distance <= PROXIMITY_RADII_M[type]) : undefined;
    const alert = standing && eta ? proximityAlert(standing, eta.distance, eta.eta) : null;
    return { pkg, fix, driver, showPosition, isActive, message, eta, proximityAlert: alert, nowMs };
  }
}
