import { ENDED_STATUSES, PACKAGE_STATUSES, STATUS_LABELS, type PackageStatus, type PlanInsertResult, type UnroutedList } from '@cargo/shared';
import type { PackageRow } from '../../db/types.ts';
import { conflict, notFound } from '../../lib/http-errors.ts';
import type { Repositories } from '../../repositories/index.ts';
import type { AuditActor } from '../audit/audit-context.ts';
import { recordAudit } from '../audit/audit-trail.ts';
import type { PackageService } from '../packages.ts';
import type { DayPlanner } from './day-plan.ts';
import { buildModel } from './solver/model.ts';
import { sequenceFeasible } from './solver/route.ts';

const ended = (status: string) => (ENDED_STATUSES as readonly string[]).includes(status);
/** Every status a package can still be delivered in: those an insertion takes. */
const OPEN_STATUSES = PACKAGE_STATUSES.filter((s) => !ended(s));
/** How many of the date's unrouted packages one answer lists. */
export const UNROUTED_LIMIT = 200;

interface Placement {
  driverId: string;
  /** The driver's whole order after the insertion (done stops included, as stored). */
  order: string[];
  /** Index of the new stop among the open stops. */
  position: number;
  /** Seconds of driving it adds. */
  added: number;
  /** Its expected arrival, epoch ms. */
  arrivalMs: number;
}

/**
 * A package added during the day (issue 34, decision 105): put into a driver's stop order where it adds the least
 * driving, keeping every window, the shift's end and the vehicle's capacity, and never before a stop already done
 * (closed): the stops up to the last closed one stay as they are; the open stops after keep their order.
 */
export class DayInsertion {
  constructor(
    private readonly repos: Repositories,
    private readonly planner: DayPlanner,
    private readonly packages: PackageService,
  ) {}

  /**
   * Inserts the package on the date: into `driverId`'s order when given, else into its own driver's when it has one,
   * else into whichever driver with a shift that day it costs least. Assigns it to that driver when it is not already,
   * and stores the new order, in one transaction with one audit entry 'planning.inserted'. 409 with the reason when
   * no route can take it.
   */
  async insert(date: string, packageId: string, driverId: string | undefined, actor: AuditActor): Promise<PlanInsertResult> {
    const pkg = await this.repos.packages.findById(packageId);
    if (!pkg) throw notFound('Package not found');
    if (ended(pkg.status)) throw conflict(`${pkg.trackingNumber} is ${STATUS_LABELS[pkg.status as PackageStatus] ?? pkg.status}; there is nothing to deliver`);
    if (pkg.deliveryLat === null || pkg.deliveryLng === null) throw conflict(`${pkg.trackingNumber} has no position for its address`);
    const shifts = await this.repos.planning.shiftsOn(date);
    const candidates = driverId ? [driverId] : pkg.driverId ? [pkg.driverId] : shifts.map((s) => s.driverId);
    for (const id of candidates) if (!shifts.some((s) => s.driverId === id)) throw conflict(`This driver has no shift on ${date}`);

    let best: Placement | null = null;
    for (const candidate of candidates) {
      const placement = await this.bestPlacement(date, pkg, candidate);
      if (placement && (!best || placement.added < best.added)) best = placement;
    }
    if (!best) throw conflict(`No route can take ${pkg.trackingNumber} within its window, the shift and the vehicle's capacity`);

    const chosen = best;
    const at = new Date().toISOString();
    await this.repos.transaction(async (trx) => {
      const driver = await trx.drivers.findById(chosen.driverId);
      if (!driver) throw notFound('Driver not found');
      const fresh = await trx.packages.findById(pkg.id);
      if (!fresh || ended(fresh.status)) throw conflict(`${pkg.trackingNumber} changed meanwhile; try again`);
      if (fresh.driverId !== driver.id) await this.packages.assignWithin(trx, fresh, driver);
      await trx.routeStops.replace(chosen.driverId, chosen.order, at);
      await recordAudit(
        trx,
        { action: 'planning.inserted', objectType: 'planning_day', objectId: date, objectLabel: date, after: { packageId: pkg.id, trackingNumber: pkg.trackingNumber, driverId: chosen.driverId, position: chosen.position }, actor },
        at,
      );
    });
    return {
      date,
      packageId: pkg.id,
      driverId: chosen.driverId,
      position: chosen.position,
      addedDrivingSeconds: chosen.added,
      arrival: new Date(chosen.arrivalMs).toISOString(),
    };
  }

  /**
   * The date's packages that are due and still to deliver but in no driver's stop order (decision 113): not assigned,
   * or assigned to a driver whose order does not hold them. Newest first, at most `limit`.
   */
  async unrouted(date: string, limit = UNROUTED_LIMIT): Promise<UnroutedList> {
    const [{ timeZone, dayStartMs, due }, stops] = await Promise.all([this.planner.dueOn(date, OPEN_STATUSES), this.repos.routeStops.listAll()]);
    const ordered = new Set(stops.map((r) => `${r.driverId}\u0000${r.packageId}`));
    const outside = due
      .filter(({ pkg }) => !pkg.driverId || !ordered.has(`${pkg.driverId}\u0000${pkg.id}`))
      .sort((a, b) => (a.pkg.createdAt === b.pkg.createdAt ? (a.pkg.id < b.pkg.id ? 1 : -1) : a.pkg.createdAt < b.pkg.createdAt ? 1 : -1));
    const at = (seconds: number) => new Date(dayStartMs + seconds * 1000).toISOString();
    return {
      date,
      timeZone,
      total: outside.length,
      packages: outside.slice(0, limit).map(({ pkg, window }) => ({
        packageId: pkg.id,
        trackingNumber: pkg.trackingNumber,
        address: pkg.deliveryAddress,
        status: pkg.status,
        driverId: pkg.driverId,
        driverName: pkg.driverId ? pkg.driver : null,
        windowStart: at(window[0]),
        windowEnd: at(window[1]),
        hasPosition: pkg.deliveryLat !== null && pkg.deliveryLng !== null,
        createdAt: pkg.createdAt,
      })),
    };
  }

  /** The cheapest feasible place for the package in the driver's order, or null when there is none. */
  private async bestPlacement(date: string, pkg: PackageRow, driverId: string): Promise<Placement | null> {
    const [rows, open] = await Promise.all([this.repos.routeStops.forDriver(driverId), this.repos.packages.listForDriverExcept(driverId, ENDED_STATUSES)]);
    const orderedIds = rows.map((r) => r.packageId).filter((id) => id !== pkg.id);
    const openById = new Map(open.map((p) => [p.id, p]));
    const others = await this.repos.packages.findByIds(orderedIds.filter((id) => !openById.has(id)));
    const byId = new Map([...others, ...open].map((p) => [p.id, p]));
    // The stored order (closed stops included), then open stops never ordered, in assignment order.
    const full = [...orderedIds.filter((id) => byId.has(id)), ...open.map((p) => p.id).filter((id) => id !== pkg.id && !orderedIds.includes(id))];
    const closed = new Set(full.filter((id) => ended(byId.get(id)!.status)));
    const lastClosed = full.reduce((last, id, i) => (closed.has(id) ? i : last), -1);

    const day = await this.planner.instanceFor(date, { packages: [...full.map((id) => byId.get(id)!), pkg], windowless: closed });
    const { instance } = day;
    const v = instance.vehicles.findIndex((x) => x.id === driverId);
    if (v < 0) return null;
    const m = buildModel(instance);
    const kOf = new Map(m.jobIndex.map((index, k) => [instance.jobs[index]!.id, k]));
    const k = kOf.get(pkg.id)!;
    // Stops without a position are not driven to; they keep their place in the order around the new stop.
    const driven = full.filter((id) => kOf.has(id));
    const seq = driven.map((id) => kOf.get(id)!);
    // Capacity counts what is still to deliver: the open stops and the new one.
    const openSeq = seq.filter((_, i) => !closed.has(driven[i]!));
    for (let d = 0; d < m.dims; d++) {
      const load = [...openSeq, k].reduce((sum, j) => sum + m.amount[j * m.dims + d]!, 0);
      if (load > m.capacity[v * m.dims + d]!) return null;
    }
    const firstAllowed = driven.reduce((last, id, i) => (closed.has(id) ? i + 1 : last), 0);

    const P = m.places;
    const placeAt = (p: number) => (p < 0 ? m.vStart[v]! : p >= seq.length ? m.vEnd[v]! : m.loc[seq[p]!]!);
    let best: { p: number; added: number } | null = null;
    for (let p = firstAllowed; p <= seq.length; p++) {
      const trial = [...seq.slice(0, p), k, ...seq.slice(p)];
      if (!sequenceFeasible(m, v, trial, { ignoreCapacity: true })) continue;
      const prev = placeAt(p - 1);
      const next = placeAt(p);
      const at = m.loc[k]!;
      const added = m.dur[prev * P + at]! + m.dur[at * P + next]! - m.dur[prev * P + next]!;
      if (!best || added < best.added) best = { p, added };
    }
    if (!best) return null;

    // Its place in the whole order: after the driven stop before it (or at the start of the open part).
    const before = best.p > 0 ? driven[best.p - 1]! : null;
    const insertAt = before === null ? Math.max(0, lastClosed + 1) : full.indexOf(before) + 1;
    const order = [...full.slice(0, insertAt), pkg.id, ...full.slice(insertAt)];
    const position = order.filter((id) => !closed.has(id)).indexOf(pkg.id);
    return { driverId, order, position, added: best.added, arrivalMs: day.dayStartMs + arrivalOf(m, v, [...seq.slice(0, best.p), k], instance.vehicles[v]!.shiftStart) * 1000 };
  }
}

/** When the vehicle reaches the last job of `seq`, leaving at `departure` and serving each job at its earliest. */
function arrivalOf(m: ReturnType<typeof buildModel>, v: number, seq: readonly number[], departure: number): number {
  const P = m.places;
  let place = m.vStart[v]!;
  let t = departure;
  let arrival = t;
  for (const k of seq) {
    arrival = t + m.dur[place * P + m.loc[k]!]!;
    const w = m.twOff[k]!;
    let start = arrival;
    for (let i = w; i < m.twOff[k + 1]!; i++) {
      if (arrival <= m.twEnd[i]!) {
        start = Math.max(arrival, m.twStart[i]!);
        break;
      }
    }
    t = start + m.service[k]!;
    place = m.loc[k]!;
  }
  return arrival;
}
