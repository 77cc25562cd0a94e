import type { FastifyBaseLogger } from 'fastify';
import type { ArrivalWindowRow, PackageRow } from '../../db/types.ts';
import type { Repositories } from '../../repositories/index.ts';
import type { StopOrderService } from '../route-optimiser/stop-order.ts';
import { stopEtas } from './stop-etas.ts';
import { arrivingInMinutes, nextWindow, type ArrivalWindow } from './window-rule.ts';

/** A driver's position older than this builds no window: an ETA from where the driver was is a guess. */
export const POSITION_FRESH_MS = 10 * 60_000;
/** The ETA is kept on the row (for the page's 'arriving in about N minutes') while the stop is this near. */
const NEAR_MS = 30 * 60_000;
/** A kept ETA older than this narrows nothing (the sweep has stopped seeing the driver). */
const ETA_FRESH_MS = 3 * 60_000;

const iso = (ms: number): string => new Date(ms).toISOString();
const windowOf = (row: Pick<ArrivalWindowRow, 'windowStart' | 'windowEnd'> | undefined): ArrivalWindow | null =>
  row?.windowStart && row.windowEnd ? { start: Date.parse(row.windowStart), end: Date.parse(row.windowEnd) } : null;

/** What a package's live view shows of its window (presenters/live-tracking.ts words it). */
export interface ArrivalWindowView {
  start: string;
  end: string;
  /** Set when the ETA is within 15 minutes: 'arriving in about N minutes'. */
  arrivingInMinutes: number | null;
}

/** The window a status change to 'out for delivery' writes, in its transaction, and puts in its event. */
export interface PlannedRun {
  row: ArrivalWindowRow;
  eventData: { arrivalWindowStart: string; arrivalWindowEnd: string } | Record<string, never>;
}

/**
 * The one-hour arrival window on the day (issue 33 part 4, decision 111). Built from the estimated arrival at the stop
 * in the driver's accepted order (stop-etas.ts) by the rule of window-rule.ts: the first one when the package is set
 * out for delivery (its message carries it), then kept or moved later by a sweep every minute; a move later writes
 * `package.eta_changed` once, in the transaction that moves it.
 */
export class ArrivalWindowService {
  constructor(
    private readonly repos: Repositories,
    private readonly stopOrder: StopOrderService,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /**
   * The ETA (epoch ms) at each of the driver's stops that is in the accepted order, from the driver's position now;
   * empty without an accepted order or a fresh position.
   */
  async etasFor(driverId: string, nowMs: number): Promise<Map<string, number>> {
    const set = await this.stopOrder.stopSet(driverId);
    const last = set.driver.lastLocationUpdate ? Date.parse(set.driver.lastLocationUpdate) : Number.NaN;
    if (!set.start || !set.acceptedAt || !(nowMs - last <= POSITION_FRESH_MS)) return new Map();
    const accepted = new Set((await this.repos.routeStops.forDriver(driverId)).map((r) => r.packageId));
    const etas = stopEtas(set.start, set.stops, nowMs);
    for (const id of [...etas.keys()]) if (!accepted.has(id)) etas.delete(id);
    return etas;
  }

  /**
   * Read before a package is set out for delivery: the run it starts, with its first window when the driver's stops
   * are in order and the position is fresh (else the sweep makes one later, shown on the page only).
   */
  async planRun(pkg: PackageRow, nowMs: number): Promise<PlannedRun> {
    const eta = pkg.driverId ? (await this.etasFor(pkg.driverId, nowMs).catch(() => new Map<string, number>())).get(pkg.id) : undefined;
    const row = this.runRow(pkg, eta ?? null, nowMs);
    if (!row.windowStart || !row.windowEnd) return { row, eventData: {} };
    return { row, eventData: { arrivalWindowStart: row.windowStart, arrivalWindowEnd: row.windowEnd } };
  }

  /** Written in the status change's transaction. */
  async startRun(trx: Repositories, run: PlannedRun): Promise<void> {
    await trx.arrivalWindows.startRun(run.row);
  }

  /** One sweep over every driver with packages out for delivery; answers how many windows moved. */
  async sweep(nowMs = Date.now()): Promise<number> {
    let moved = 0;
    for (const driverId of await this.repos.arrivalWindows.driversOut()) {
      try {
        moved += await this.refreshDriver(driverId, nowMs);
      } catch (err) {
        this.log?.warn({ err, driverId }, 'arrival windows of a driver could not be refreshed');
      }
    }
    return moved;
  }

  /**
   * The windows of one driver's packages out for delivery, kept or moved later by the rule; a package with no window
   * yet gets its first (no message: the out-for-delivery message has gone). Answers how many moved.
   */
  async refreshDriver(driverId: string, nowMs: number): Promise<number> {
    const etas = await this.etasFor(driverId, nowMs);
    if (etas.size === 0) return 0;
    const packages = (await this.repos.packages.listForDriverIn(driverId, ['out_for_delivery'])).filter((p) => etas.has(p.id));
    const rows = new Map((await this.repos.arrivalWindows.forPackages(packages.map((p) => p.id))).map((r) => [r.packageId, r]));
    let moved = 0;
    for (const pkg of packages) {
      const eta = etas.get(pkg.id)!;
      const row = rows.get(pkg.id);
      // A package out for delivery from before this table existed, or set so on creation: its run starts now.
      if (!row) {
        await this.repos.arrivalWindows.startRun(this.runRow(pkg, eta, nowMs));
        continue;
      }
      const sent = windowOf(row);
      const { window, change } = nextWindow(sent, eta);
      if (change !== 'kept') {
        const start = iso(window.start);
        const end = iso(window.end);
        const did = await this.repos.transaction(async (trx) => {
          const won = await trx.arrivalWindows.moveWindow(pkg.id, row.windowStart, { windowStart: start, windowEnd: end, moves: row.moves + (change === 'moved_later' ? 1 : 0), driverId, updatedAt: iso(nowMs) });
          if (won && change === 'moved_later') {
            await trx.events.append({
              type: 'package.eta_changed',
              subjectType: 'package',
              subjectId: pkg.id,
              data: {
                trackingNumber: pkg.trackingNumber,
                status: pkg.status,
                reason: 'window_later',
                arrivalWindowStart: start,
                arrivalWindowEnd: end,
                previousArrivalWindowStart: row.windowStart,
                previousArrivalWindowEnd: row.windowEnd,
              },
              occurredAt: iso(nowMs),
            });
          }
          return won && change === 'moved_later';
        });
        if (did) moved += 1;
      }
      // The ETA is kept only while the stop is near, and written only when it changed by a minute or more.
      const near = eta - nowMs <= NEAR_MS;
      const had = row.etaAt ? Date.parse(row.etaAt) : null;
      if (near && (had === null || Math.abs(had - eta) >= 60_000 || !row.etaComputedAt || nowMs - Date.parse(row.etaComputedAt) >= 60_000)) {
        await this.repos.arrivalWindows.noteEta(pkg.id, iso(eta), iso(nowMs));
      } else if (!near && had !== null) {
        await this.repos.arrivalWindows.noteEta(pkg.id, null, iso(nowMs));
      }
    }
    return moved;
  }

  /** A new run's row: its first window from the ETA, or none yet. */
  private runRow(pkg: Pick<PackageRow, 'id' | 'driverId'>, eta: number | null, nowMs: number): ArrivalWindowRow {
    const window = eta === null ? null : nextWindow(null, eta).window;
    const near = eta !== null && eta - nowMs <= NEAR_MS;
    return {
      packageId: pkg.id,
      driverId: pkg.driverId,
      runStartedAt: iso(nowMs),
      windowStart: window ? iso(window.start) : null,
      windowEnd: window ? iso(window.end) : null,
      moves: 0,
      etaAt: near ? iso(eta) : null,
      etaComputedAt: near ? iso(nowMs) : null,
      updatedAt: iso(nowMs),
    };
  }

  /** What the live view shows: the window sent while the package is out for delivery, narrowed when near. */
  async viewOf(pkg: Pick<PackageRow, 'id' | 'status'>, nowMs: number): Promise<ArrivalWindowView | null> {
    if (pkg.status !== 'out_for_delivery') return null;
    const row = await this.repos.arrivalWindows.find(pkg.id);
    if (!row?.windowStart || !row.windowEnd) return null;
    const fresh = row.etaAt && row.etaComputedAt && nowMs - Date.parse(row.etaComputedAt) <= ETA_FRESH_MS;
    return { start: row.windowStart, end: row.windowEnd, arrivingInMinutes: fresh ? arrivingInMinutes(Date.parse(row.etaAt!), nowMs) : null };
  }
}

/**
 * Runs the sweep every `everyMs` (ARRIVAL_WINDOW_SWEEP_SECONDS; 0 turns it off, as tests do to drive it themselves).
 * Every instance may run one: the compare-and-set on the window keeps a move, and its event, to one of them.
 */
export class ArrivalWindowWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private failing = false;

  constructor(
    private readonly service: ArrivalWindowService,
    private readonly everyMs: number,
    private readonly log: { warn(obj: object, msg: string): void },
    /** Told when a sweep moved a window (the notification worker looks at once). */
    private readonly onMoved: () => void = () => {},
  ) {}

  start(): void {
    if (this.everyMs <= 0 || this.timer) return;
    this.timer = setInterval(() => void this.turn(), this.everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  private async turn(): Promise<void> {
    if (this.running) return;
    this.running = this.service
      .sweep()
      .then((moved) => {
        if (moved > 0) this.onMoved();
        if (this.failing) this.log.warn({}, 'arrival windows: working again');
        this.failing = false;
      })
      .catch((err: unknown) => {
        if (!this.failing) this.log.warn({ err }, 'arrival windows: a sweep failed; trying again');
        this.failing = true;
      });
    await this.running;
    this.running = null;
  }
}
