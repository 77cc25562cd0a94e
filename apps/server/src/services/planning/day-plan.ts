import {
  STATUS_LABELS,
  UNPLANNED_REASON_LABELS,
  greatCircleDistance,
  parseWeightKg,
  zonedDayStart,
  ENDED_STATUSES,
  type DayPlan,
  type PackageStatus,
  type PlanCheck,
  type PlanCommitResult,
  type PlanningInstance,
  type PlanningJob,
  type PlanningResult,
  type PlanningTimeWindow,
  type PlanningVehicle,
} from '@cargo/shared';
import type { PackageRow, PackageRescheduleRow } from '../../db/types.ts';
import { conflict, serviceUnavailable } from '../../lib/http-errors.ts';
import { packageWindow } from '../../lib/package-window.ts';
import { zoneOfPlace } from '../../lib/time-zone.ts';
import type { Repositories } from '../../repositories/index.ts';
import type { ShiftWithDriver } from '../../repositories/planning.ts';
import { checkPlan } from './solver/feasibility.ts';
import type { AuditActor } from '../audit/audit-context.ts';
import { recordAudit } from '../audit/audit-trail.ts';
import type { PackageService } from '../packages.ts';
import { checkRoutes, type CheckedRoutes, type EditedRoute } from './plan-check.ts';
import type { SettingsService } from '../settings.ts';
import { VROOM_TIMEOUT_MS, VroomError } from '../route-optimiser/vroom.ts';
import { OsrmError, osrmTable } from './osrm.ts';
import { planWithVroom } from './vroom-plan.ts';

/** Packages a plan may give to a driver: not yet out for delivery, not closed (issue 34). */
export const PLANNABLE_STATUSES = ['processing', 'pending', 'picked_up', 'in_transit'] as const;

export interface DayPlanSettings {
  /** Minutes at a stop whose service type has no time of its own (PLANNING_SERVICE_MINUTES). */
  serviceMinutes: number;
  speedKmh: number;
  timeLimitMs: number;
  /** A VROOM server's POST endpoint (VROOM_URL): plans the day instead of the built-in planner, which is the fallback. */
  vroomUrl?: string | undefined;
  /** An OSRM server (OSRM_URL): travel times from its table service instead of great-circle at `speedKmh`. */
  osrmUrl?: string | undefined;
  /** For the loopback tests' fakes and timeouts; the global fetch otherwise. */
  fetch?: typeof fetch;
  log?: { warn(obj: object, msg: string): void };
}

/** The settings row of the minutes at a stop per service type (GET/PUT /api/planning/service-times). */
export const SERVICE_MINUTES_SETTING = 'planning_service_minutes';

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
  /** Set when OSRM was asked and failed: the times are great-circle ones. */
  matrixNotice: string | null;
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

/** The date's clock: the zone of the shifts' start place, its local midnight (epoch ms) and its length in seconds. */
function clockOf(date: string, shifts: readonly ShiftWithDriver[]): { timeZone: string; dayStartMs: number; daySeconds: number } {
  const home = shifts.find((s) => s.startLat !== null);
  const timeZone = zoneOfPlace(home?.startLat, home?.startLng);
  const dayStartMs = zonedDayStart(date, timeZone)!;
  const dayEndMs = zonedDayStart(nextDay(date), timeZone)!;
  return { timeZone, dayStartMs, daySeconds: Math.round((dayEndMs - dayStartMs) / 1000) };
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
    /** Assignments inside the commit's transaction. */
    private readonly packages: PackageService,
    /** Where the minutes per service type are stored (absent: every stop takes the default). */
    private readonly settingsStore?: SettingsService,
  ) {}

  /** The date's instance: shifts as vehicles, packages due that day (window overlapping it) as jobs. */
  async instanceFor(
    date: string,
    /**
     * Instead of the date's due packages, exactly these (one driver's route during the day): each with its window on
     * the date when it has one, any time in the shift otherwise; the `windowless` ones (stops already done) with none.
     */
    route?: { packages: readonly PackageRow[]; windowless: ReadonlySet<string> },
  ): Promise<DayInstance> {
    const shifts = await this.repos.planning.shiftsOn(date);
    const { timeZone, dayStartMs, daySeconds } = clockOf(date, shifts);

    const candidates = route ? route.packages : await this.repos.packages.listInStatuses(PLANNABLE_STATUSES);
    const chosen = await this.repos.customerActions.latestReschedules(candidates.map((p) => p.id));
    const packages: PackageRow[] = [];
    const windows = new Map<string, PlanningTimeWindow>();
    for (const pkg of candidates) {
      const window = route?.windowless.has(pkg.id) ? null : windowOn(pkg, chosen.get(pkg.id), date, dayStartMs, daySeconds);
      if (!window && !route) continue;
      packages.push(pkg);
      if (window) windows.set(pkg.id, window);
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
    const serviceOf = await this.serviceSeconds();
    const jobs: PlanningJob[] = packages.map((pkg) => ({
      id: pkg.id,
      location: pkg.deliveryLat !== null && pkg.deliveryLng !== null ? place(pkg.deliveryLat, pkg.deliveryLng) : null,
      timeWindows: windows.has(pkg.id) ? [windows.get(pkg.id)!] : [],
      amounts: weighed ? [1, parseWeightKg(pkg.weight) ?? 0] : [1],
      service: serviceOf(pkg.serviceType),
    }));
    const { durations, distances, notice } = await this.matrices(points);
    return { date, timeZone, dayStartMs, shifts, packages, instance: { vehicles, jobs, durations, distances }, weighed, matrixNotice: notice };
  }

  /**
   * Packages in these statuses due on the date (their window, or the customer's chosen one, overlapping the day), each
   * with that window in seconds of the day, on the clock a plan of the date uses.
   */
  async dueOn(date: string, statuses: readonly string[]): Promise<{ timeZone: string; dayStartMs: number; due: { pkg: PackageRow; window: PlanningTimeWindow }[] }> {
    const shifts = await this.repos.planning.shiftsOn(date);
    const { timeZone, dayStartMs, daySeconds } = clockOf(date, shifts);
    const candidates = await this.repos.packages.listInStatuses(statuses);
    const chosen = await this.repos.customerActions.latestReschedules(candidates.map((p) => p.id));
    const due: { pkg: PackageRow; window: PlanningTimeWindow }[] = [];
    for (const pkg of candidates) {
      const window = windowOn(pkg, chosen.get(pkg.id), date, dayStartMs, daySeconds);
      if (window) due.push({ pkg, window });
    }
    return { timeZone, dayStartMs, due };
  }

  /** The minutes at a stop per service type (the stored setting), and the default for the others. */
  async serviceMinutes(): Promise<{ defaultMinutes: number; minutes: Record<string, number> }> {
    const stored = await this.settingsStore?.read<Record<string, number>>(SERVICE_MINUTES_SETTING);
    const minutes: Record<string, number> = {};
    for (const [type, value] of Object.entries(stored?.value ?? {})) if (typeof value === 'number' && Number.isFinite(value) && value >= 0) minutes[type] = value;
    return { defaultMinutes: this.settings.serviceMinutes, minutes };
  }

  /** Replaces the minutes per service type (an audited settings write). */
  async setServiceMinutes(minutes: Record<string, number>, actor: AuditActor): Promise<{ defaultMinutes: number; minutes: Record<string, number> }> {
    if (!this.settingsStore) throw serviceUnavailable('Settings are not available');
    await this.settingsStore.write(SERVICE_MINUTES_SETTING, minutes, actor);
    return this.serviceMinutes();
  }

  /** Seconds at a stop for a package's service type (matched trimmed and case-insensitive), else the default. */
  private async serviceSeconds(): Promise<(serviceType: string) => number> {
    const { defaultMinutes, minutes } = await this.serviceMinutes();
    const byType = new Map(Object.entries(minutes).map(([type, m]) => [type.trim().toLowerCase(), m]));
    return (serviceType) => Math.round((byType.get(serviceType.trim().toLowerCase()) ?? defaultMinutes) * 60);
  }

  /**
   * Travel times and distances between the places: from OSRM's table service when OSRM_URL is set, else (or when it
   * fails, with a notice) great-circle distances driven at PLANNING_SPEED_KMH.
   */
  private async matrices(points: { lat: number; lng: number }[]): Promise<{ durations: number[][]; distances: number[][]; notice: string | null }> {
    let notice: string | null = null;
    if (this.settings.osrmUrl && points.length > 1) {
      try {
        return { ...(await osrmTable(this.settings.osrmUrl, points, this.settings.fetch)), notice: null };
      } catch (error) {
        if (!(error instanceof OsrmError)) throw error;
        this.settings.log?.warn({ reason: error.message }, 'OSRM failed; great-circle travel times are used');
        notice = `OSRM failed: ${error.message}; travel times are great-circle distances at ${this.settings.speedKmh} km/h`;
      }
    }
    const metresPerSecond = (this.settings.speedKmh * 1000) / 3600;
    const distances = points.map((a) => points.map((b) => Math.round(greatCircleDistance(a, b))));
    const durations = distances.map((row) => row.map((m) => Math.round(m / metresPerSecond)));
    return { durations, distances, notice };
  }

  /**
   * A plan for the date; nothing is written. With VROOM_URL, VROOM's plan, checked like ours; on any failure of VROOM
   * (no answer, an error, a plan that breaks a rule) the built-in planner's, with a notice saying why.
   */
  async plan(date: string): Promise<DayPlan> {
    const day = await this.instanceFor(date);
    let notice: string | null = null;
    if (this.settings.vroomUrl && day.instance.vehicles.length > 0 && day.instance.jobs.some((j) => j.location !== null)) {
      try {
        return presentPlan(day, await this.vroomPlan(day), 'vroom', day.matrixNotice);
      } catch (error) {
        if (!(error instanceof VroomError)) throw error;
        this.settings.log?.warn({ reason: error.message }, 'VROOM failed; the day is planned with the built-in planner');
        notice = `VROOM failed: ${error.message}; planned with the built-in planner`;
      }
    }
    notice = [notice, day.matrixNotice].filter(Boolean).join('. ') || null;
    let result: PlanningResult;
    try {
      result = await this.solver(day.instance, { timeLimitMs: this.settings.timeLimitMs });
    } catch (err) {
      throw serviceUnavailable(`The planner failed: ${err instanceof Error ? err.message : String(err)}`);
    }
    const broken = checkPlan(day.instance, result);
    if (broken.length > 0) throw serviceUnavailable(`The planner's plan broke a rule: ${broken[0]}`);
    return presentPlan(day, result, 'built-in', notice);
  }

  /** VROOM's plan timed on our clock; a VroomError when it breaks any rule (checkRoutes, then checkPlan). */
  private async vroomPlan(day: DayInstance): Promise<PlanningResult> {
    const routes = await planWithVroom(this.settings.vroomUrl!, day.instance, this.settings.fetch, this.settings.timeLimitMs + VROOM_TIMEOUT_MS);
    const checked = checkRoutes(
      day.instance,
      routes,
      { label: (id) => id, notAJob: (id) => `unknown job ${id}`, clock: (s) => `${s} s`, noVehicle: (id) => `unknown vehicle ${id}` },
      { byEngine: true },
    );
    const broken = [...checked.violations.map((v) => v.message), ...checkPlan(day.instance, checked.result)];
    if (broken.length > 0) throw new VroomError(`its plan breaks a rule (${broken[0]})`);
    return checked.result;
  }

  /**
   * An edited plan (each driver's stops in order) recomputed on the date's instance: arrivals, totals, the unplanned,
   * and every rule it breaks (a missed window, over capacity, back after the shift, a package not due that day or
   * unknown or in two routes, a driver without a shift). Nothing is written.
   */
  async check(date: string, routes: readonly EditedRoute[]): Promise<PlanCheck> {
    const day = await this.instanceFor(date);
    const checked = await this.checked(day, routes);
    return { ...presentPlan(day, checked.result, 'built-in', null), violations: checked.violations };
  }

  /**
   * Commits an edited plan (decision 105): checked again; any violation is a 409 with its message and nothing is
   * written. Else, in one transaction, every package is assigned to its driver, every driver's stop order is set (the
   * plan's stops first, then the driver's other open stops in their previous order) and one audit entry
   * 'planning.committed' is written. Drivers whose route is empty are left as they are.
   */
  async commit(date: string, routes: readonly EditedRoute[], actor: AuditActor): Promise<PlanCommitResult> {
    const day = await this.instanceFor(date);
    const checked = await this.checked(day, routes);
    if (checked.violations.length > 0) throw conflict(checked.violations[0]!.message);
    const writes = checked.routes.filter((r) => r.packageIds.length > 0);
    const byId = new Map(day.packages.map((p) => [p.id, p]));
    const at = new Date().toISOString();
    await this.repos.transaction(async (trx) => {
      for (const route of writes) {
        const driver = await trx.drivers.findById(route.driverId);
        if (!driver) throw conflict(`The driver ${route.driverId} no longer exists; plan again`);
        for (const id of route.packageIds) {
          // Read again inside the transaction: a package changed since the check is not assigned blindly.
          const pkg = await trx.packages.findById(id);
          if (!pkg) throw conflict(`${byId.get(id)?.trackingNumber ?? id} was deleted; check the plan again`);
          if (!(PLANNABLE_STATUSES as readonly string[]).includes(pkg.status)) {
            throw conflict(`${pkg.trackingNumber} is now ${STATUS_LABELS[pkg.status as PackageStatus] ?? pkg.status}; check the plan again`);
          }
          await this.packages.assignWithin(trx, pkg, driver);
        }
        const planned = new Set(route.packageIds);
        const [open, previous] = await Promise.all([trx.packages.listForDriverExcept(route.driverId, ENDED_STATUSES), trx.routeStops.forDriver(route.driverId)]);
        const openIds = new Set(open.map((p) => p.id));
        const rest = previous.map((r) => r.packageId).filter((id) => openIds.has(id) && !planned.has(id));
        await trx.routeStops.replace(route.driverId, [...route.packageIds, ...rest], at);
      }
      const packages = writes.reduce((n, r) => n + r.packageIds.length, 0);
      await recordAudit(
        trx,
        {
          action: 'planning.committed',
          objectType: 'planning_day',
          objectId: date,
          objectLabel: date,
          after: { date, drivers: writes.length, packages, routes: Object.fromEntries(writes.map((r) => [r.driverId, r.packageIds])) },
          actor,
        },
        at,
      );
    });
    return { date, drivers: writes.length, packages: writes.reduce((n, r) => n + r.packageIds.length, 0) };
  }

  /** checkRoutes with the words of the date: tracking numbers, local times, why a package or driver does not fit. */
  private async checked(day: DayInstance, routes: readonly EditedRoute[]): Promise<CheckedRoutes> {
    const byId = new Map(day.packages.map((p) => [p.id, p]));
    const jobIds = new Set(day.instance.jobs.map((j) => j.id));
    const strangers = [...new Set(routes.flatMap((r) => r.packageIds))].filter((id) => !jobIds.has(id));
    const others = new Map((strangers.length > 0 ? await this.repos.packages.findByIds(strangers) : []).map((p) => [p.id, p]));
    const shifts = new Set(day.shifts.map((s) => s.driverId));
    const clock = new Intl.DateTimeFormat('en-GB', { timeZone: day.timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    const checked = checkRoutes(day.instance, routes, {
      label: (id) => byId.get(id)?.trackingNumber ?? others.get(id)?.trackingNumber ?? id,
      notAJob: (id) => {
        const pkg = others.get(id);
        if (!pkg) return `No package ${id}`;
        if (!(PLANNABLE_STATUSES as readonly string[]).includes(pkg.status)) return `${pkg.trackingNumber} is ${STATUS_LABELS[pkg.status as PackageStatus] ?? pkg.status}, not to be planned`;
        return `${pkg.trackingNumber} is not due on ${day.date}`;
      },
      clock: (seconds) => clock.format(new Date(day.dayStartMs + seconds * 1000)),
      noVehicle: (driverId) => (shifts.has(driverId) ? "This driver's shift has no start or end place on the map" : `This driver has no shift on ${day.date}`),
    });
    // The recomputed routes must also pass the independent check when nothing is reported (a guard on this code).
    if (checked.violations.length === 0) {
      const broken = checkPlan(day.instance, checked.result);
      if (broken.length > 0) checked.violations.push({ driverId: '', packageId: null, message: `The plan breaks a rule: ${broken[0]}` });
    }
    return checked;
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
