import { ENDED_STATUSES } from '@cargo/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { DriverRow, PackageRow } from '../../db/types.ts';
import { badRequest } from '../../lib/http-errors.ts';
import { packageWindow } from '../../lib/package-window.ts';
import type { Repositories } from '../../repositories/index.ts';
import type { DriverService } from '../drivers.ts';
import type { AuditActor } from '../audit/audit-context.ts';
import { recordAudit } from '../audit/audit-trail.ts';
import { optimiseStops, routeFigures, type OptimiserStop, type RouteFigures } from './built-in.ts';
import { VroomError, vroomOrder } from './vroom.ts';

/** A driver's open packages as stops: those with a delivery point, in the accepted order then assignment order. */
export interface DriverStopSet {
  driver: DriverRow;
  start: { lat: number; lng: number } | null;
  stops: OptimiserStop[];
  packages: Map<string, PackageRow>;
  unplaced: PackageRow[];
  acceptedAt: string | null;
}

export interface Optimisation {
  engine: 'built-in' | 'vroom';
  notice: string | null;
  set: DriverStopSet;
  before: RouteFigures;
  after: RouteFigures;
  computeMs: number;
}

export interface StopOrderOptions {
  vroomUrl?: string | undefined;
  log?: FastifyBaseLogger | undefined;
  fetch?: typeof fetch;
  now?: () => number;
}

const num = (v: number | string | null) => (v === null ? null : Number.isFinite(Number(v)) ? Number(v) : null);

/**
 * A driver's stop order (issue 20): proposed by the built-in optimiser or a VROOM server (falling back to the
 * built-in one, with a notice, when VROOM fails), accepted by the admin, listed with arrivals for the driver.
 */
export class StopOrderService {
  private readonly now: () => number;

  constructor(
    private readonly repos: Repositories,
    private readonly drivers: DriverService,
    private readonly options: StopOrderOptions = {},
  ) {
    this.now = options.now ?? Date.now;
  }

  async stopSet(driverId: string): Promise<DriverStopSet> {
    const driver = await this.drivers.get(driverId);
    const [open, accepted] = await Promise.all([this.repos.packages.listForDriverExcept(driverId, ENDED_STATUSES), this.repos.routeStops.forDriver(driverId)]);
    const place = new Map(accepted.map((row) => [row.packageId, row.position]));
    // Ordered stops first by their place; the rest keep assignment order after them (a stable sort).
    const ordered = [...open].sort((a, b) => (place.get(a.id) ?? Number.MAX_SAFE_INTEGER) - (place.get(b.id) ?? Number.MAX_SAFE_INTEGER));
    const stops: OptimiserStop[] = [];
    const unplaced: PackageRow[] = [];
    for (const pkg of ordered) {
      const lat = num(pkg.deliveryLat);
      const lng = num(pkg.deliveryLng);
      if (lat === null || lng === null) {
        unplaced.push(pkg);
        continue;
      }
      const window = packageWindow(pkg);
      stops.push({ id: pkg.id, lat, lng, windowStart: window?.start ?? null, windowEnd: window?.end ?? null });
    }
    const lat = num(driver.currentLat);
    const lng = num(driver.currentLng);
    const acceptedAt = accepted.find((row) => place.has(row.packageId) && open.some((p) => p.id === row.packageId))?.acceptedAt ?? null;
    return { driver, start: lat !== null && lng !== null ? { lat, lng } : null, stops, packages: new Map(open.map((p) => [p.id, p])), unplaced, acceptedAt };
  }

  /** The order as it is and as proposed; nothing is stored. */
  async optimise(driverId: string): Promise<Optimisation> {
    const set = await this.stopSet(driverId);
    const input = { start: set.start, stops: set.stops, departAt: this.now() };
    const builtIn = () => optimiseStops(input);
    if (!this.options.vroomUrl || set.stops.length < 2) {
      const r = builtIn();
      return { engine: 'built-in', notice: null, set, before: r.before, after: r.after, computeMs: r.computeMs };
    }
    const started = performance.now();
    try {
      const order = await vroomOrder(this.options.vroomUrl, input, this.options.fetch);
      const byId = new Map(set.stops.map((s) => [s.id, s]));
      const after = routeFigures({ ...input, stops: order.map((id) => byId.get(id)!) });
      return { engine: 'vroom', notice: null, set, before: routeFigures(input), after, computeMs: performance.now() - started };
    } catch (error) {
      if (!(error instanceof VroomError)) throw error;
      this.options.log?.warn({ reason: error.message }, 'VROOM failed; the built-in stop order is used');
      const r = builtIn();
      return {
        engine: 'built-in',
        notice: `The route server (VROOM) could not order the stops (${error.message}); this is the built-in order.`,
        set,
        before: r.before,
        after: r.after,
        computeMs: r.computeMs,
      };
    }
  }

  /** Stores the order (package ids, first stop first): each must be one of the driver's open packages, once. */
  async accept(driverId: string, order: readonly string[], actor: AuditActor): Promise<DriverStopSet> {
    const set = await this.stopSet(driverId);
    const seen = new Set<string>();
    for (const id of order) {
      if (!set.packages.has(id)) throw badRequest(`Package ${id} is not on this driver's route`);
      if (seen.has(id)) throw badRequest(`Package ${id} is listed twice`);
      seen.add(id);
    }
    const at = new Date(this.now()).toISOString();
    await this.repos.transaction(async (trx) => {
      await trx.routeStops.replace(driverId, order, at);
      await recordAudit(trx, { action: 'driver.stop_order_accepted', objectType: 'driver', objectId: driverId, after: { order }, actor }, at);
    });
    return this.stopSet(driverId);
  }

  /** The stops in the accepted order with arrivals from the driver's position now. */
  async stops(driverId: string): Promise<{ set: DriverStopSet; figures: RouteFigures }> {
    const set = await this.stopSet(driverId);
    return { set, figures: routeFigures({ start: set.start, stops: set.stops, departAt: this.now() }) };
  }

  figuresOf(set: DriverStopSet): RouteFigures {
    return routeFigures({ start: set.start, stops: set.stops, departAt: this.now() });
  }
}
