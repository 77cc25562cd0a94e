import { ACTIVE_STATUSES, EARTH_RADIUS_MILES, greatCircleDistance, type DailyStats, type DatabaseStats } from '@cargo/shared';
import type { Dialect } from '../db/types.ts';
import type { Repositories } from '../repositories/index.ts';

/** The public 'Today's Progress' figures are cached this long (they are read on every home page view). */
export const DAILY_STATS_TTL_MS = 10_000;

/** Great-circle (haversine) distance in miles. */
export function haversineMiles(lat1: number, lng1: number, lat2: number, lng2: number): number {
  return greatCircleDistance({ lat: lat1, lng: lng1 }, { lat: lat2, lng: lng2 }, EARTH_RADIUS_MILES);
}

/**
 * A customer's phone as one key: digits only, and a North American number written with its country code
 * ('+1 312 …') counts as the same customer as without it ('312 …'). Empty when there are no digits.
 */
export function customerKey(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/** Keeps one value for `ttlMs`; concurrent callers of an expired value share one computation. */
export function cached<T>(compute: () => Promise<T>, ttlMs: number, clock: () => number = Date.now): () => Promise<T> {
  let value: { at: number; promise: Promise<T> } | null = null;
  return () => {
    const now = clock();
    if (!value || now - value.at >= ttlMs) {
      const promise = compute();
      value = { at: now, promise };
      // A failure is not kept: the next caller tries again.
      promise.catch(() => {
        if (value?.promise === promise) value = null;
      });
    }
    return value.promise;
  };
}

export class StatsService {
  /** GET /api/stats/daily, cached for DAILY_STATS_TTL_MS. */
  readonly daily: () => Promise<DailyStats>;

  constructor(
    private readonly repos: Repositories,
    private readonly dialect: Dialect,
    clock: () => number = Date.now,
  ) {
    this.daily = cached(() => this.computeDaily(), DAILY_STATS_TTL_MS, clock);
  }

  /**
   * Real figures (the definitions are PUBLIC_STATS_DEFINITIONS in packages/shared): deliveries completed is the
   * panel's 'delivered' figure over all time (packages with a 'delivered' or 'left' outcome, each once), so the public
   * number and the panel's never disagree; packages picked up, in transit or out for delivery; distinct customer
   * phones across packages and pickup requests; and the straight-line miles from pickup to delivery of the same
   * delivered packages (a package without both points counts 0), rounded.
   */
  async computeDaily(): Promise<DailyStats> {
    const [byStatus, delivered, packagePhones, pickupPhones] = await Promise.all([
      this.repos.packages.countByStatus(),
      this.repos.figures.deliveredPackages(),
      this.repos.packages.customerPhones(),
      this.repos.pickupRequests.phones(),
    ]);
    const customers = new Set<string>();
    for (const phone of [...packagePhones, ...pickupPhones]) {
      const key = customerKey(phone);
      if (key) customers.add(key);
    }
    let miles = 0;
    for (const p of delivered)
      if (p.pickupLat != null && p.pickupLng != null && p.deliveryLat != null && p.deliveryLng != null)
        miles += haversineMiles(Number(p.pickupLat), Number(p.pickupLng), Number(p.deliveryLat), Number(p.deliveryLng));
    return {
      deliveriesCompleted: delivered.length,
      packagesInTransit: ACTIVE_STATUSES.reduce((sum, s) => sum + (byStatus[s] ?? 0), 0),
      customersServed: customers.size,
      milesDelivered: Math.round(miles),
    };
  }

  /** GET /api/database/stats: the admin Database tab's totals. */
  async database(): Promise<DatabaseStats> {
    const { packages: pkgs, drivers, pickupRequests: pickups, devices, shareLinks } = this.repos;
    const [packages, driverCount, activeDrivers, onlineDrivers, pickupRequests, pendingPickupRequests, statusHistory, locations, deviceCount, shareLinkCount, byStatus, range] =
      await Promise.all([
        pkgs.count(),
        drivers.count(),
        drivers.count({ isActive: true }),
        drivers.count({ isOnline: true }),
        pickups.count(),
        pickups.count({ status: 'pending' }),
        pkgs.countHistory(),
        pkgs.countLocations(),
        devices.count(),
        shareLinks.count(),
        pkgs.countByStatus(),
        pkgs.createdRange(),
      ]);
    return {
      dialect: this.dialect,
      totals: {
        packages,
        drivers: driverCount,
        activeDrivers,
        onlineDrivers,
        pickupRequests,
        pendingPickupRequests,
        statusHistory,
        locations,
        devices: deviceCount,
        shareLinks: shareLinkCount,
      },
      packagesByStatus: byStatus,
      oldestPackageAt: range.oldest,
      newestPackageAt: range.newest,
    };
  }
}
