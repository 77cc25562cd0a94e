import { createHash } from 'node:crypto';
import { addDays, daysBetween, proofNeeded, requirementFor, shareOf, type AttemptReason, type DeliveryRequirement, type FigureDay, type FigureSet, type OutcomeKind } from '@cargo/shared';
import { packageWindow } from '../../lib/package-window.ts';
import { zoneOfPlace } from '../../lib/time-zone.ts';
import { PERIOD_STATUSES, type FigureChange, type FigureDayRow, type FigureDaySum, type FigureDaysRepository, type FigureOutcome, type FigurePackage } from '../../repositories/figures.ts';
import type { Repositories } from '../../repositories/index.ts';
import { byTime, emptySet, finishStops, localDayAt, msOf, onceEach, packageCache, secondsAtStop, utcRange, type Period } from './figure-math.ts';

const HOUR_MS = 3_600_000;
/** Days recomputed in one pass (one read of the raw rows over their UTC range). */
const DAYS_PER_PASS = 7;
/** Changes read from the log at a time. */
const CHANGES_PER_READ = 20_000;

/** A key of the aggregate: the local day, the driver the figure follows ('' for none), the service type in lower case. */
const keyOf = (day: string, driverId: string, serviceKey: string) => `${day}\u0000${driverId}\u0000${serviceKey}`;

function emptyRow(day: string, driverId: string, serviceKey: string): FigureDayRow {
  return {
    day, driverId, serviceKey,
    delivered: 0, onTime: 0, firstAttempt: 0, proofComplete: 0, attempts: 0, attemptsByReason: {},
    ratings: 0, ratingStars: 0, rating1: 0, rating2: 0, rating3: 0, rating4: 0, rating5: 0,
    moneyDue: 0, moneyCollected: 0, collectedByMethod: {}, exceptions: 0, returns: 0, released: 0, stillOwed: 0,
    messagesSent: 0, messagesFailed: 0, webhooksDelivered: 0, webhooksFailed: 0,
    stops: 0, timedStops: 0, stopSeconds: 0, firstStopAt: null, lastStopAt: null,
  };
}

/**
 * The aggregate rows of the local days of `period`, computed from the raw rows by the definitions of
 * packages/shared (FIGURE_DEFINITIONS): each figure under the driver it follows (decision 104's filters) and the
 * package's service type. Summed over any days, drivers and service types they give the raw computation's figures
 * (FigureService.compute). Exceptions, returns and releases count a package once per local day (decision 114), and
 * what is still owed on the day of the package's first amount due, so they sum over days too.
 */
export async function computeDayRows(repos: Repositories, requirements: DeliveryRequirement[], period: Period): Promise<FigureDayRow[]> {
  const { fromIso, toIso } = utcRange(period);
  const repo = repos.figures;
  const rows = new Map<string, FigureDayRow>();
  const row = (day: string, driverId: string | null | undefined, serviceKey: string) => {
    const key = keyOf(day, driverId ?? '', serviceKey);
    let r = rows.get(key);
    if (!r) rows.set(key, (r = emptyRow(day, driverId ?? '', serviceKey)));
    return r;
  };
  const inPeriod = (day: string) => day >= period.from && day <= period.to;
  const { packages, load, localDayOf } = packageCache((ids) => repo.packagesByIds(ids));
  const serviceOf = (pkg: FigurePackage | undefined) => (pkg ? pkg.serviceType.toLowerCase() : '');

  // Delivered, on time, first attempt, proof: each package once, on its first 'delivered' or 'left' outcome.
  const outcomes = await repo.outcomesOfPackagesDeliveredBetween(fromIso, toIso);
  await load(outcomes.map((o) => o.packageId));
  const byPackage = new Map<string, FigureOutcome[]>();
  for (const o of outcomes) {
    const list = byPackage.get(o.packageId);
    if (list) list.push(o);
    else byPackage.set(o.packageId, [o]);
  }
  for (const [packageId, list] of byPackage) {
    list.sort(byTime);
    const first = list.find((o) => o.kind === 'delivered' || o.kind === 'left');
    const pkg = packages.get(packageId);
    if (!first || !pkg) continue;
    const day = localDayOf(pkg, first.deviceTime);
    if (!inPeriod(day)) continue;
    const window = packageWindow(pkg);
    const needed = proofNeeded({ kind: first.kind as OutcomeKind, reason: first.reason as AttemptReason | null }, requirementFor(requirements, pkg.serviceType));
    const r = row(day, first.driverId, serviceOf(pkg));
    r.delivered += 1;
    if (window !== null && msOf(first.deviceTime) <= window.end) r.onTime += 1;
    if (!list.some((o) => o.kind === 'attempted' && byTime(o, first) < 0)) r.firstAttempt += 1;
    if ((!needed.photo || !!first.photoId) && (!needed.signature || !!first.signatureId)) r.proofComplete += 1;
  }

  // Attempts by reason, and stops: every outcome on its local day.
  const all = await repo.outcomesBetween(fromIso, toIso);
  await load(all.map((o) => o.packageId));
  for (const o of all) {
    const pkg = packages.get(o.packageId);
    const day = localDayOf(pkg, o.deviceTime);
    if (!inPeriod(day)) continue;
    if (o.kind === 'attempted') {
      const r = row(day, o.driverId, serviceOf(pkg));
      r.attempts += 1;
      const reason = o.reason ?? 'other';
      r.attemptsByReason[reason] = (r.attemptsByReason[reason] ?? 0) + 1;
    }
    if (!o.driverId) continue;
    const r = row(day, o.driverId, serviceOf(pkg));
    r.stops += 1;
    const at = new Date(msOf(o.deviceTime)).toISOString();
    if (!r.firstStopAt || at < r.firstStopAt) r.firstStopAt = at;
    if (!r.lastStopAt || at > r.lastStopAt) r.lastStopAt = at;
    const seconds = secondsAtStop(o);
    if (seconds !== null) {
      r.timedStops += 1;
      r.stopSeconds += seconds;
    }
  }

  // Ratings: under the rating's driver, else the package's.
  const ratings = await repo.ratingsBetween(fromIso, toIso);
  await load(ratings.map((r) => r.packageId));
  for (const rating of ratings) {
    const pkg = packages.get(rating.packageId);
    const day = localDayOf(pkg, rating.createdAt);
    const n = Math.round(rating.stars);
    if (!inPeriod(day) || n < 1 || n > 5) continue;
    const r = row(day, rating.driverId ?? pkg?.driverId, serviceOf(pkg));
    r.ratings += 1;
    r.ratingStars += n;
    r[`rating${n as 1 | 2 | 3 | 4 | 5}`] += 1;
  }

  // Exceptions and returns: packages set to each status, once per package and local day, under its driver now.
  const entries = await repo.statusEntriesBetween(PERIOD_STATUSES, fromIso, toIso);
  await load(entries.map((e) => e.packageId));
  const once = onceEach();
  for (const e of entries) {
    const pkg = packages.get(e.packageId);
    const day = localDayOf(pkg, e.createdAt);
    if (!inPeriod(day) || !once(e.status, day, e.packageId)) continue;
    const r = row(day, pkg?.driverId, serviceOf(pkg));
    if (e.status === 'exception') r.exceptions += 1;
    else r.returns += 1;
  }

  // Money: the ledger's entries on their local day, under the package's driver now; releases once per package and day.
  const ledger = await repo.ledgerEntriesOn(period.from, period.to);
  await load(ledger.map((e) => e.packageId));
  for (const e of ledger) {
    const pkg = packages.get(e.packageId);
    const r = row(e.localDay, pkg?.driverId, serviceOf(pkg));
    if (e.kind === 'due') r.moneyDue += e.amount;
    else if (e.kind === 'release') {
      if (once('release', e.localDay, e.packageId)) r.released += 1;
    } else {
      const method = e.method ?? 'other';
      r.moneyCollected += e.amount;
      r.collectedByMethod[method] = (r.collectedByMethod[method] ?? 0) + e.amount;
    }
  }

  // Still owed: the balance now of each package whose first amount due was entered on a day of the period, on that day.
  const firstDue = await repo.firstDueDaysOn(period.from, period.to);
  await load(firstDue.keys());
  for (const [packageId, balance] of await repo.balancesOf([...firstDue.keys()])) {
    if (balance <= 0) continue;
    const pkg = packages.get(packageId);
    row(firstDue.get(packageId)!, pkg?.driverId, serviceOf(pkg)).stillOwed += balance;
  }

  // Messages and webhooks: by the message's zone (or the package's), under the package's driver now.
  const messages = await repo.messagesBetween(fromIso, toIso);
  await load(messages.map((m) => m.packageId));
  for (const m of messages) {
    const pkg = m.packageId ? packages.get(m.packageId) : undefined;
    const day = localDayAt(m.timeZone ?? zoneOfPlace(pkg?.deliveryLat, pkg?.deliveryLng), msOf(m.createdAt));
    if (!inPeriod(day) || (m.status !== 'sent' && m.status !== 'failed')) continue;
    const r = row(day, pkg?.driverId, serviceOf(pkg));
    if (m.status === 'sent') r.messagesSent += 1;
    else r.messagesFailed += 1;
  }
  const hooks = await repo.webhookMessagesBetween(fromIso, toIso);
  await load(hooks.map((h) => h.packageId));
  for (const h of hooks) {
    const pkg = h.packageId ? packages.get(h.packageId) : undefined;
    const day = localDayOf(pkg, h.createdAt);
    if (!inPeriod(day) || (h.status !== 'delivered' && h.status !== 'failed')) continue;
    const r = row(day, pkg?.driverId, serviceOf(pkg));
    if (h.status === 'delivered') r.webhooksDelivered += 1;
    else r.webhooksFailed += 1;
  }
  return [...rows.values()];
}

/**
 * The figures of a period from the aggregate's days (already filtered by driver and service type, summed per day by
 * the database), and the days of the period.
 */
export function sumDayRows(rows: readonly FigureDaySum[], period: Period): { set: FigureSet; days: FigureDay[] } {
  const set = emptySet();
  const days = new Map<string, FigureDay>();
  for (let d = period.from; d <= period.to; d = addDays(d, 1)) days.set(d, { day: d, delivered: 0, onTime: 0, firstAttempt: 0, attempts: 0 });
  let stars = 0;
  let stopSeconds = 0;
  let driverMs = 0;
  for (const r of rows) {
    const day = days.get(r.day);
    if (!day) continue;
    set.delivered += r.delivered;
    set.onTime += r.onTime;
    set.firstAttempt += r.firstAttempt;
    set.proofComplete += r.proofComplete;
    set.attempts += r.attempts;
    for (const [reason, n] of Object.entries(r.attemptsByReason)) set.attemptsByReason[reason] = (set.attemptsByReason[reason] ?? 0) + n;
    set.ratings.count += r.ratings;
    stars += r.ratingStars;
    set.ratings.distribution[1] += r.rating1;
    set.ratings.distribution[2] += r.rating2;
    set.ratings.distribution[3] += r.rating3;
    set.ratings.distribution[4] += r.rating4;
    set.ratings.distribution[5] += r.rating5;
    set.money.due += r.moneyDue;
    set.money.collected += r.moneyCollected;
    for (const [method, n] of Object.entries(r.collectedByMethod)) set.money.collectedByMethod[method] = (set.money.collectedByMethod[method] ?? 0) + n;
    set.money.released += r.released;
    set.money.stillOwed += r.stillOwed;
    set.exceptions += r.exceptions;
    set.returns += r.returns;
    set.messages.sent += r.messagesSent;
    set.messages.failed += r.messagesFailed;
    set.webhooks.delivered += r.webhooksDelivered;
    set.webhooks.failed += r.webhooksFailed;
    set.stops += r.stops;
    set.timedStops += r.timedStops;
    stopSeconds += r.stopSeconds;
    // A driver's day runs from its first stop to its last, across the service types it holds (summed per day).
    driverMs += r.driverMs;
    day.delivered += r.delivered;
    day.onTime += r.onTime;
    day.firstAttempt += r.firstAttempt;
    day.attempts += r.attempts;
  }
  set.onTimeRate = shareOf(set.onTime, set.delivered);
  set.firstAttemptRate = shareOf(set.firstAttempt, set.delivered);
  set.proofCompleteness = shareOf(set.proofComplete, set.delivered);
  set.ratings.average = set.ratings.count ? Math.round((stars / set.ratings.count) * 100) / 100 : null;
  finishStops(set, driverMs, stopSeconds);
  return { set, days: [...days.values()] };
}

/**
 * The version of what a day's rows hold: a day computed by an older version is computed again when read (2: the
 * period counts of migration 023).
 */
const AGGREGATE_VERSION = 2;

/** The proof rules (and the aggregate's version) as a short key: a day computed under other rules is computed again (its proof figure changed). */
export function rulesKey(requirements: DeliveryRequirement[]): string {
  return createHash('sha256').update(`${AGGREGATE_VERSION}\u0000${JSON.stringify(requirements)}`).digest('hex').slice(0, 16);
}

/** The local days (in any zone) a change may touch. */
function daysOfInstant(iso: string): string[] {
  const ms = msOf(iso);
  if (!Number.isFinite(ms)) return [];
  // Zones run from 12 hours behind UTC to 14 ahead; an instant the trigger kept to its hour may be up to an hour later.
  const first = new Date(ms - 12 * HOUR_MS).toISOString().slice(0, 10);
  const last = new Date(ms + 15 * HOUR_MS).toISOString().slice(0, 10);
  const out: string[] = [];
  for (let d = first; d <= last; d = addDays(d, 1)) out.push(d);
  return out;
}

/**
 * The daily aggregate kept right (decision 108): the database's triggers log every write that can change a day's
 * figures (migration 021); a day is computed from the raw rows when it is read and has no rows yet, a change above
 * the change id it was computed up to, or other proof rules. Restarts, backfills in SQL and retention runs leave
 * their changes in the same log, so nothing is kept in memory.
 */
export class FigureDays {
  constructor(
    private readonly repos: Repositories,
    private readonly days: FigureDaysRepository,
    private readonly requirements: () => Promise<DeliveryRequirement[]>,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Brings the days of `from`..`to` up to date; answers how many it recomputed. */
  async ensure(from: string, to: string): Promise<number> {
    const requirements = await this.requirements();
    const rules = rulesKey(requirements);
    const states = await this.days.states(from, to);
    const dirty = new Set<string>();
    for (let d = from; d <= to; d = addDays(d, 1)) {
      const state = states.get(d);
      if (!state || state.rules !== rules) dirty.add(d);
    }
    if (states.size) {
      let after = Math.min(...[...states.values()].map((s) => s.watermark));
      for (;;) {
        const changes = await this.days.changesAfter(after, CHANGES_PER_READ);
        if (!changes.length) break;
        for (const [change, touched] of await this.touchedDays(changes))
          for (const d of touched) {
            const state = states.get(d);
            if (state && state.watermark < change.id) dirty.add(d);
          }
        after = changes[changes.length - 1]!.id;
        if (changes.length < CHANGES_PER_READ) break;
      }
    }
    if (!dirty.size) return 0;
    await this.recompute([...dirty].sort(), requirements, rules);
    await this.compact();
    return dirty.size;
  }

  /**
   * Computes every day from `from` to `to` again from the raw rows (the CLI's figures-rebuild): by default every day
   * the raw rows hold, after forgetting all computed days.
   */
  async rebuild(range?: { from: string; to: string }, progress?: (done: number, total: number) => void): Promise<{ from: string | null; to: string | null; days: number }> {
    const span = range ?? (await this.days.rawRange());
    if (!range) await this.days.clear();
    if (!span.from || !span.to) return { from: null, to: null, days: 0 };
    // A day's rows hold instants up to 14 hours either side of its UTC day: one more day each side.
    const from = range ? span.from : addDays(span.from, -1);
    const to = range ? span.to : addDays(span.to, 1);
    const requirements = await this.requirements();
    const watermark = await this.days.newestChange();
    const all: string[] = [];
    for (let d = from; d <= to; d = addDays(d, 1)) all.push(d);
    for (let i = 0; i < all.length; i += DAYS_PER_PASS) {
      await this.recompute(all.slice(i, i + DAYS_PER_PASS), requirements, rulesKey(requirements));
      progress?.(Math.min(i + DAYS_PER_PASS, all.length), all.length);
    }
    // Every day with rows was computed past `watermark` (a day outside the range holds no rows): its changes are done.
    if (!range) await this.days.deleteChangesUpTo(watermark);
    await this.compact();
    return { from, to, days: daysBetween(from, to) };
  }

  /** Recomputes `days` (sorted) from the raw rows, a run of consecutive days at a time. */
  private async recompute(days: string[], requirements: DeliveryRequirement[], rules: string): Promise<void> {
    // Read before computing: a write during the computation leaves a change above it, so the day is computed again.
    const watermark = await this.days.newestChange();
    const runs: string[][] = [];
    for (const d of days) {
      const run = runs[runs.length - 1];
      if (run && addDays(run[run.length - 1]!, 1) === d && run.length < DAYS_PER_PASS) run.push(d);
      else runs.push([d]);
    }
    for (const run of runs) {
      const rows = await computeDayRows(this.repos, requirements, { from: run[0]!, to: run[run.length - 1]! });
      await this.days.replaceDays(run, rows, watermark, rules, new Date(this.clock()).toISOString());
    }
  }

  /**
   * Drops the logged changes no computed day still needs: those at or below every computed day's watermark at once,
   * then, of the next ones (a batch a call), those whose days are all computed past them or not computed at all.
   */
  async compact(): Promise<number> {
    const lowest = await this.days.lowestWatermark();
    await this.days.deleteChangesUpTo(lowest);
    const changes = await this.days.changesAfter(lowest, CHANGES_PER_READ);
    if (!changes.length) return 0;
    const touched = await this.touchedDays(changes);
    const all = [...touched.values()].flat().sort();
    const states = all.length ? await this.days.states(all[0]!, all[all.length - 1]!) : new Map<string, { watermark: number }>();
    const done = [...touched].filter(([change, list]) => list.every((d) => (states.get(d)?.watermark ?? Infinity) >= change.id)).map(([c]) => c.id);
    await this.days.deleteChanges(done);
    return done.length;
  }

  /**
   * Each change with the local days it may touch. An outcome's change (it names its moment and its package) touches
   * the days of the package's other outcomes too (a late attempt makes a delivery on another day not first-attempt);
   * a package's change (a new window, driver, service type or place) the days of every row that names the package.
   * The packages' rows are read together, so a package's change may be given more days than it touches, never fewer.
   */
  private async touchedDays(changes: FigureChange[]): Promise<Map<FigureChange, string[]>> {
    const out = new Map<FigureChange, string[]>();
    const outcomePackages = [...new Set(changes.filter((c) => c.at && c.packageId).map((c) => c.packageId!))];
    const packages = [...new Set(changes.filter((c) => !c.at && c.packageId).map((c) => c.packageId!))];
    const ofOutcomes = new Set<string>();
    const ofPackages = new Set<string>();
    if (outcomePackages.length) for (const at of await this.days.outcomeMomentsOfPackages(outcomePackages)) for (const d of daysOfInstant(at)) ofOutcomes.add(d);
    if (packages.length) {
      const moments = await this.days.momentsOfPackages(packages);
      for (const d of moments.days) ofPackages.add(d);
      for (const at of moments.at) for (const d of daysOfInstant(at)) ofPackages.add(d);
    }
    for (const c of changes) {
      const days = new Set<string>();
      if (c.at) for (const d of daysOfInstant(c.at)) days.add(d);
      if (c.day) days.add(c.day);
      if (c.packageId) for (const d of c.at ? ofOutcomes : ofPackages) days.add(d);
      out.set(c, [...days]);
    }
    return out;
  }
}
