import type { DailyStats, DatabaseStats } from '@cargo/shared';
import type { Kysely } from 'kysely';
import type { Database, Dialect } from '../db/types.ts';

/** The public 'Today's Progress' figures are cached this long (they are read on every home page view). */
export const DAILY_STATS_TTL_MS = 10_000;

const EARTH_RADIUS_MILES = 3958.8;
const IN_TRANSIT_STATUSES = ['in_transit', 'out_for_delivery', 'picked_up'];

/** Great-circle (haversine) distance in miles. */
export function haversineMiles(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(a)));
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
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    clock: () => number = Date.now,
  ) {
    this.daily = cached(() => this.computeDaily(), DAILY_STATS_TTL_MS, clock);
  }

  /**
   * Real figures: delivered packages; packages picked up, in transit or out for delivery; distinct customer phones
   * across packages and pickup requests; and the straight-line miles from pickup to delivery of delivered packages
   * (a package without both points counts 0), rounded.
   */
  async computeDaily(): Promise<DailyStats> {
    const [byStatus, delivered, packagePhones, pickupPhones] = await Promise.all([
      this.packagesByStatus(),
      this.db
        .selectFrom('packages')
        .select(['pickupLat', 'pickupLng', 'deliveryLat', 'deliveryLng'])
        .where('status', '=', 'delivered')
        .where('pickupLat', 'is not', null)
        .where('pickupLng', 'is not', null)
        .where('deliveryLat', 'is not', null)
        .where('deliveryLng', 'is not', null)
        .execute(),
      this.db.selectFrom('packages').select('customerPhone as phone').distinct().execute(),
      this.db.selectFrom('pickupRequests').select('phone').distinct().execute(),
    ]);
    const customers = new Set<string>();
    for (const { phone } of [...packagePhones, ...pickupPhones]) {
      const key = customerKey(phone);
      if (key) customers.add(key);
    }
    let miles = 0;
    for (const p of delivered) miles += haversineMiles(Number(p.pickupLat), Number(p.pickupLng), Number(p.deliveryLat), Number(p.deliveryLng));
    return {
      deliveriesCompleted: byStatus.delivered ?? 0,
      packagesInTransit: IN_TRANSIT_STATUSES.reduce((sum, s) => sum + (byStatus[s] ?? 0), 0),
      customersServed: customers.size,
      milesDelivered: Math.round(miles),
    };
  }

  /** GET /api/database/stats: the admin Database tab's totals. */
  async database(): Promise<DatabaseStats> {
    const count = async (table: keyof Database, where?: [string, unknown]) => {
      let query = this.db.selectFrom(table).select((eb) => eb.fn.countAll<string | number>().as('n'));
      // The column names are ours, never the caller's.
      if (where) query = query.where(where[0] as never, '=', where[1] as never);
      return Number((await query.executeTakeFirstOrThrow()).n);
    };
    const [packages, drivers, activeDrivers, onlineDrivers, pickupRequests, pendingPickupRequests, statusHistory, locations, devices, shareLinks, byStatus, range] =
      await Promise.all([
        count('packages'),
        count('drivers'),
        count('drivers', ['isActive', 1]),
        count('drivers', ['isOnline', 1]),
        count('pickupRequests'),
        count('pickupRequests', ['status', 'pending']),
        count('statusHistory'),
        count('locations'),
        count('devices'),
        count('shareLinks'),
        this.packagesByStatus(),
        this.db
          .selectFrom('packages')
          .select((eb) => [eb.fn.min<string | null>('createdAt').as('oldest'), eb.fn.max<string | null>('createdAt').as('newest')])
          .executeTakeFirstOrThrow(),
      ]);
    return {
      dialect: this.dialect,
      totals: { packages, drivers, activeDrivers, onlineDrivers, pickupRequests, pendingPickupRequests, statusHistory, locations, devices, shareLinks },
      packagesByStatus: byStatus,
      oldestPackageAt: range.oldest ?? null,
      newestPackageAt: range.newest ?? null,
    };
  }

  private async packagesByStatus(): Promise<Record<string, number>> {
    const rows = await this.db
      .selectFrom('packages')
      .select((eb) => ['status', eb.fn.countAll<string | number>().as('n')])
      .groupBy('status')
      .execute();
    return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  }
}
