import {
  UNPLANNED_REASON_LABELS,
  greatCircleDistance,
  parseWeightKg,
  zonedDayStart,
  type DayPlan,
  type PlanningInstance,
  type PlanningJob,
  type PlanningResult,
  type PlanningTimeWindow,
  type PlanningVehicle,
} from '@cargo/shared';
import type { PackageRow, PackageRescheduleRow } from '../../db/types.ts';
import { serviceUnavailable } from '../../lib/http-errors.ts';
import { packageWindow } from '../../lib/package-window.ts';
import { zoneOfPlace } from '../../lib/time-zone.ts';
import type { Repositories } from '../../repositories/index.ts';
import type { ShiftWithDriver } from '../../repositories/planning.ts';
import { checkPlan } from './solver/feasibility.ts';

/** Packages a plan may give to a driver: not yet out for delivery, not closed (issue 34). */
export const PLANNABLE_STATUSES = ['processing', 'pending', 'picked_up', 'in_transit'] as const;

export interface DayPlanSettings {
  serviceMinutes: number;
  speedKmh: number;
  timeLimitMs: number;
}

/** What a plan is made from: the date's clock, its shifts and packages, and the solver's instance over them. */
export interface DayInstance {
  date: string;
  timeZone: string;
  /** The date's local midnight, epoch ms: the instance's time 0. */
  dayStartMs: number;
  shifts: ShiftWithDriver[];
  packages: PackageRow[];
  instance: PlanningInstance;
  /** Whether the instance has a weight dimension (some shift has a weight capacity). */
  weighed: boolean;
}

type Solver = (instance: PlanningInstance, options: { timeLimitMs: number; seed?: number }) => Promise<PlanningResult>;

const secondsOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 3600 + Number(hhmm.slice(3, 5)) * 60;
/** A vehicle without a weight limit in an instance that has one. */
const NO_WEIGHT_LIMIT = 1e9;

function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * Day planning (issue 34, design.md §14, decision 103): the date's shifts and due packages as a solver instance, the
 * built-in planner run in its worker thread, every plan checked (checkPlan) before it is shown.
 */
export class DayPlanner {
  constructor(
    private readonly repos: Repositories,
    private readonly settings: DayPlanSettings,
    private readonly solver: Solver,
  ) {}

  /** The date's instance: shifts as vehicles, packages due that day (window overlapping it) as jobs. */
  async instanceFor(date: string): Promise<DayInstance> {
    const shifts = await this.repos.planning.shiftsOn(date);
    const home = shifts.find((s) => s.startLat !== null);
    const timeZone = zoneOfPlace(home?.startLat, home?.startLng);
    const dayStartMs = zonedDayStart(date, timeZone)!;
    const dayEndMs = zonedDayStart(nextDay(date), timeZone)!;
    const daySeconds = Math.round((dayEndMs - dayStartMs) / 1000);

    const candidates = await this.repos.packages.listInStatuses(PLANNABLE_STATUSES);
    const chosen = await this.repos.customerActions.latestReschedules(candidates.map((p) => p.id));
    const packages: PackageRow[] = [];
    const windows = new Map<string, PlanningTimeWindow>();
    for (const pkg of candidates) {
      const window = windowOn(pkg, chosen.get(pkg.id), date, dayStartMs, daySeconds);
      if (!window) continue;
      packages.push(pkg);
      windows.set(pkg.id, window);
    }

    const points: { lat: number; lng: number }[] = [];
    const placeIndex = new Map<string, number>();
    const place = (lat: number, lng: number): number => {
      const key = `${lat},${lng}`;
      let at = placeIndex.get(key);
      if (at === undefined) {
        at = points.length;
        points.push({ lat, lng });
        placeIndex.set(key, at);
      }
      return at;
    };
    const weighed = shifts.some((s) => s.capacityWeightKg !== null);
    const vehicles: PlanningVehicle[] = shifts
      .filter((s) => s.startLat !== null && s.startLng !== null && s.endLat !== null && s.endLng !== null)
      .map((s) => ({
        id: s.driverId,
        start: place(s.startLat!, s.startLng!),
        end: place(s.endLat!, s.endLng!),
        shiftStart: secondsOf(s.startTime),
        shiftEnd: secondsOf(s.endTime),
        capacity: weighed ? [s.capacityPackages, s.capacityWeightKg ?? NO_WEIGHT_LIMIT] : [s.capacityPackages],
      }));
    const service = Math.round(this.settings.serviceMinutes * 60);
    const jobs: PlanningJob[] = packages.map((pkg) => ({
      id: pkg.id,
      location: pkg.deliveryLat !== null && pkg.deliveryLng !== null ? place(pkg.deliveryLat, pkg.deliveryLng) : null,
      timeWindows: [windows.get(pkg.id)!],
      amounts: weighed ? [1, parseWeightKg(pkg.weight) ?? 0] : [1],
      service,
    }));
    const metresPerSecond = (this.settings.speedKmh * 1000) / 3600;
    const distances = points.map((a) => points.map((b) => Math.round(greatCircleDistance(a, b))));
    const durations = distances.map((row) => row.map((m) => Math.round(m / metresPerSecond)));
    return { date, timeZone, dayStartMs, shifts, packages, instance: { vehicles, jobs, durations, distances }, weighed };
  }

  /** A plan for the date; nothing is written. */
  async plan(date: string): Promise<DayPlan> {
    const day = await this.instanceFor(date);
    let result: PlanningResult;
    try {
      result = await this.solver(day.instance, { timeLimitMs: this.settings.timeLimitMs });
    } catch (err) {
      throw serviceUnavailable(`The planner failed: ${err instanceof Error ? err.message : String(err)}`);
    }
    const broken = checkPlan(day.instance, result);
    if (broken.length > 0) throw serviceUnavailable(`The planner's plan broke a rule: ${broken[0]}`);
    return presentPlan(day, result, 'built-in', null);
  }
}

/**
 * The package's window on the date, in seconds of the day, or null when it is not due that day: the customer's
 * chosen window when their newest choice is this day and names one, else its delivery window cut to the day.
 */
function windowOn(pkg: PackageRow, chosen: PackageRescheduleRow | undefined, date: string, dayStartMs: number, daySeconds: number): PlanningTimeWindow | null {
  if (chosen && chosen.day === date && chosen.windowStart && chosen.windowEnd) return [secondsOf(chosen.windowStart), secondsOf(chosen.windowEnd)];
  const window = packageWindow(pkg);
  if (!window) return null;
  // The date is a day on the delivery address's clock (its window's zone), then put on the plan's clock.
  const localStart = zonedDayStart(date, window.timeZone);
  const localEnd = zonedDayStart(nextDay(date), window.timeZone);
  if (localStart === null || localEnd === null) return null;
  const fromMs = Math.max(window.start, localStart);
  const toMs = Math.min(window.end, localEnd);
  if (fromMs >= toMs) return null;
  const from = Math.max(0, Math.round((fromMs - dayStartMs) / 1000));
  const to = Math.min(daySeconds, Math.round((toMs - dayStartMs) / 1000));
  return from < to ? [from, to] : null;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

export function presentPlan(day: DayInstance, result: PlanningResult, engine: 'built-in' | 'vroom', notice: string | null): DayPlan {
  const at = (seconds: number) => new Date(day.dayStartMs + seconds * 1000).toISOString();
  const byId = new Map(day.packages.map((p) => [p.id, p]));
  const jobs = new Map(day.instance.jobs.map((j) => [j.id, j]));
  const routesByDriver = new Map(result.routes.map((r) => [r.vehicleId, r]));
  const routes = day.shifts.map((shift) => {
    const route = routesByDriver.get(shift.driverId);
    const stops = (route?.stops ?? []).map((stop) => {
      const pkg = byId.get(stop.jobId)!;
      const window = jobs.get(stop.jobId)!.timeWindows?.[0];
      return {
        packageId: pkg.id,
        trackingNumber: pkg.trackingNumber,
        address: pkg.deliveryAddress,
        lat: pkg.deliveryLat!,
        lng: pkg.deliveryLng!,
        arrival: at(stop.arrival),
        serviceStart: at(stop.start),
        departure: at(stop.departure),
        windowStart: window ? at(window[0]) : null,
        windowEnd: window ? at(window[1]) : null,
        weightKg: parseWeightKg(pkg.weight),
      };
    });
    return {
      driverId: shift.driverId,
      driverName: shift.driverName,
      capacityPackages: shift.capacityPackages,
      capacityWeightKg: shift.capacityWeightKg,
      stops,
      totals: {
        stops: stops.length,
        distanceM: route?.distance ?? 0,
        drivingSeconds: route?.travelTime ?? 0,
        loadPackages: stops.length,
        loadWeightKg: round1(stops.reduce((sum, s) => sum + (s.weightKg ?? 0), 0)),
        departure: route ? at(route.departure) : null,
        finish: route ? at(route.finish) : null,
      },
    };
  });
  const finishes = routes.map((r) => r.totals.finish).filter((f): f is string => f !== null).sort();
  return {
    date: day.date,
    timeZone: day.timeZone,
    engine,
    notice,
    routes,
    unplanned: result.unplanned.map((u) => ({ packageId: u.jobId, trackingNumber: byId.get(u.jobId)!.trackingNumber, reason: u.reason, label: UNPLANNED_REASON_LABELS[u.reason] })),
    totals: {
      stops: routes.reduce((n, r) => n + r.totals.stops, 0),
      distanceM: routes.reduce((n, r) => n + r.totals.distanceM, 0),
      drivingSeconds: routes.reduce((n, r) => n + r.totals.drivingSeconds, 0),
      loadPackages: routes.reduce((n, r) => n + r.totals.loadPackages, 0),
      loadWeightKg: round1(routes.reduce((n, r) => n + r.totals.loadWeightKg, 0)),
      finish: finishes.at(-1) ?? null,
    },
  };
}
