import {
  FIGURE_DEFINITIONS,
  addDays,
  previousPeriod,
  proofNeeded,
  requirementFor,
  shareOf,
  type AttemptReason,
  type DeliveryRequirement,
  type FigureDay,
  type FigureSet,
  type Figures,
  type FiguresQuery,
  type OutcomeKind,
} from '@cargo/shared';
import { packageWindow } from '../../lib/package-window.ts';
import { zoneOfPlace } from '../../lib/time-zone.ts';
import { PERIOD_STATUSES, type FigureDaysRepository, type FigureOutcome, type FigurePackage } from '../../repositories/figures.ts';
import type { Repositories } from '../../repositories/index.ts';
import { FigureDays, sumDayRows } from './figure-days.ts';
import { byTime, emptySet, finishStops, localDayAt, msOf, onceEach, packageCache, secondsAtStop, utcRange, type Filters, type Period } from './figure-math.ts';

export type { Filters, Period };

/**
 * The performance figures (issue 35), each by its one definition in packages/shared (FIGURE_DEFINITIONS): read from
 * the daily aggregate (decision 108), or computed straight from the raw rows (the aggregate's test oracle).
 */
export class FigureService {
  /** The daily aggregate (decision 108): what `figures` reads for whole days. */
  readonly days: FigureDays | null;

  constructor(
    private readonly repos: Repositories,
    private readonly requirements: () => Promise<DeliveryRequirement[]>,
    daysRepo?: FigureDaysRepository,
  ) {
    this.days = daysRepo ? new FigureDays(repos, daysRepo, requirements) : null;
    this.daysRepo = daysRepo ?? null;
  }

  private readonly daysRepo: FigureDaysRepository | null;

  /**
   * The figures of a period and of the one before it: the daily aggregate's rows, brought up to date first, summed
   * for the whole days.
   */
  async figures(query: FiguresQuery): Promise<Figures> {
    if (!this.days || !this.daysRepo) return this.rawFigures(query);
    const period = { from: query.from, to: query.to };
    const previous = previousPeriod(query.from, query.to);
    const filters: Filters = { driverId: query.driverId ?? null, serviceType: query.serviceType ?? null };
    await this.days.ensure(previous.from, period.to);
    const rows = await this.daysRepo.rows(previous.from, period.to, { driverId: filters.driverId, serviceKey: filters.serviceType?.toLowerCase() ?? null });
    const current = sumDayRows(rows, period);
    const before = sumDayRows(rows, previous);
    return { period, previousPeriod: previous, filters, figures: current.set, previous: before.set, days: current.days, definitions: { ...FIGURE_DEFINITIONS } };
  }

  /** The figures computed from the raw rows alone (the aggregate's test oracle; also the answer without an aggregate). */
  async rawFigures(query: FiguresQuery): Promise<Figures> {
    const period = { from: query.from, to: query.to };
    const previous = previousPeriod(query.from, query.to);
    const filters: Filters = { driverId: query.driverId ?? null, serviceType: query.serviceType ?? null };
    const current = await this.compute(period, filters);
    const before = await this.compute(previous, filters);
    return {
      period,
      previousPeriod: previous,
      filters,
      figures: current.set,
      previous: before.set,
      days: current.days,
      definitions: { ...FIGURE_DEFINITIONS },
    };
  }

  /** The figure set and the days of one period. */
  async compute(period: Period, filters: Filters): Promise<{ set: FigureSet; days: FigureDay[] }> {
    const { fromIso, toIso } = utcRange(period);
    const repo = this.repos.figures;
    const set = emptySet();
    const days = new Map<string, FigureDay>();
    for (let d = period.from; d <= period.to; d = addDays(d, 1)) days.set(d, { day: d, delivered: 0, onTime: 0, firstAttempt: 0, attempts: 0 });
    const inPeriod = (day: string) => day >= period.from && day <= period.to;
    const { packages, load, localDayOf } = packageCache((ids) => repo.packagesByIds(ids));
    const serviceMatches = (pkg: FigurePackage | undefined) => !filters.serviceType || (!!pkg && pkg.serviceType.toLowerCase() === filters.serviceType.toLowerCase());
    // A package-level filter (messages, webhooks, ratings, exceptions, money): its driver and service type now.
    const packageMatches = (pkg: FigurePackage | undefined) => serviceMatches(pkg) && (!filters.driverId || pkg?.driverId === filters.driverId);
    const filtered = !!filters.driverId || !!filters.serviceType;

    // Delivered, on time, first attempt, proof: each package once, on its first 'delivered' or 'left' outcome.
    const outcomes = await repo.outcomesOfPackagesDeliveredBetween(fromIso, toIso);
    await load(outcomes.map((o) => o.packageId));
    const byPackage = new Map<string, FigureOutcome[]>();
    for (const o of outcomes) byPackage.set(o.packageId, [...(byPackage.get(o.packageId) ?? []), o]);
    const requirements = await this.requirements();
    for (const [packageId, list] of byPackage) {
      list.sort(byTime);
      const first = list.find((o) => o.kind === 'delivered' || o.kind === 'left');
      const pkg = packages.get(packageId);
      if (!first || !pkg) continue;
      const day = localDayOf(pkg, first.deviceTime);
      if (!inPeriod(day)) continue;
      if (filters.driverId && first.driverId !== filters.driverId) continue;
      if (!serviceMatches(pkg)) continue;
      const at = msOf(first.deviceTime);
      const window = packageWindow(pkg);
      const onTime = window !== null && at <= window.end;
      const firstAttempt = !list.some((o) => o.kind === 'attempted' && byTime(o, first) < 0);
      const needed = proofNeeded({ kind: first.kind as OutcomeKind, reason: first.reason as AttemptReason | null }, requirementFor(requirements, pkg.serviceType));
      const proofComplete = (!needed.photo || !!first.photoId) && (!needed.signature || !!first.signatureId);
      set.delivered += 1;
      if (onTime) set.onTime += 1;
      if (firstAttempt) set.firstAttempt += 1;
      if (proofComplete) set.proofComplete += 1;
      const d = days.get(day)!;
      d.delivered += 1;
      if (onTime) d.onTime += 1;
      if (firstAttempt) d.firstAttempt += 1;
    }
    set.onTimeRate = shareOf(set.onTime, set.delivered);
    set.firstAttemptRate = shareOf(set.firstAttempt, set.delivered);
    set.proofCompleteness = shareOf(set.proofComplete, set.delivered);

    // Attempts by reason: each 'attempted' outcome on its local day.
    const attempts = await repo.attemptsBetween(fromIso, toIso);
    await load(attempts.map((a) => a.packageId));
    for (const a of attempts) {
      const pkg = packages.get(a.packageId);
      const day = localDayOf(pkg, a.deviceTime);
      if (!inPeriod(day) || (filters.driverId && a.driverId !== filters.driverId) || !serviceMatches(pkg)) continue;
      set.attempts += 1;
      const reason = a.reason ?? 'other';
      set.attemptsByReason[reason] = (set.attemptsByReason[reason] ?? 0) + 1;
      days.get(day)!.attempts += 1;
    }

    // Stops: every outcome a driver recorded, on its local day; a driver's hours run from the day's first stop to its last.
    const stops = await repo.outcomesBetween(fromIso, toIso);
    await load(stops.map((o) => o.packageId));
    const spans = new Map<string, { first: number; last: number }>();
    let stopSeconds = 0;
    for (const o of stops) {
      if (!o.driverId) continue;
      const pkg = packages.get(o.packageId);
      const day = localDayOf(pkg, o.deviceTime);
      if (!inPeriod(day) || (filters.driverId && o.driverId !== filters.driverId) || !serviceMatches(pkg)) continue;
      set.stops += 1;
      const at = msOf(o.deviceTime);
      const key = `${day}\u0000${o.driverId}`;
      const span = spans.get(key);
      if (!span) spans.set(key, { first: at, last: at });
      else {
        span.first = Math.min(span.first, at);
        span.last = Math.max(span.last, at);
      }
      const seconds = secondsAtStop(o);
      if (seconds !== null) {
        set.timedStops += 1;
        stopSeconds += seconds;
      }
    }
    let driverMs = 0;
    for (const span of spans.values()) driverMs += span.last - span.first;
    finishStops(set, driverMs, stopSeconds);

    // Exceptions and returns: packages set to each status, once per package and local day.
    const entries = await repo.statusEntriesBetween(PERIOD_STATUSES, fromIso, toIso);
    await load(entries.map((e) => e.packageId));
    const once = onceEach();
    for (const e of entries) {
      const pkg = packages.get(e.packageId);
      const day = localDayOf(pkg, e.createdAt);
      if (!inPeriod(day) || !packageMatches(pkg) || !once(e.status, day, e.packageId)) continue;
      if (e.status === 'exception') set.exceptions += 1;
      else set.returns += 1;
    }

    // Ratings given in the period.
    const ratings = await repo.ratingsBetween(fromIso, toIso);
    await load(ratings.map((r) => r.packageId));
    let stars = 0;
    for (const r of ratings) {
      const pkg = packages.get(r.packageId);
      if (!inPeriod(localDayOf(pkg, r.createdAt)) || !serviceMatches(pkg)) continue;
      if (filters.driverId && (r.driverId ?? pkg?.driverId) !== filters.driverId) continue;
      const n = Math.round(r.stars) as 1 | 2 | 3 | 4 | 5;
      if (n < 1 || n > 5) continue;
      set.ratings.count += 1;
      set.ratings.distribution[n] += 1;
      stars += n;
    }
    set.ratings.average = set.ratings.count ? Math.round((stars / set.ratings.count) * 100) / 100 : null;

    // Money: the ledger's entries on their local day, releases once per package and day; still owed: the balances now
    // of the packages whose first amount due was entered in the period.
    const ledger = await repo.ledgerEntriesOn(period.from, period.to);
    await load(ledger.map((e) => e.packageId));
    for (const e of ledger) {
      const pkg = packages.get(e.packageId);
      if (!packageMatches(pkg)) continue;
      if (e.kind === 'due') set.money.due += e.amount;
      else if (e.kind === 'release') {
        if (once('release', e.localDay, e.packageId)) set.money.released += 1;
      } else {
        const method = e.method ?? 'other';
        set.money.collected += e.amount;
        set.money.collectedByMethod[method] = (set.money.collectedByMethod[method] ?? 0) + e.amount;
      }
    }
    const firstDue = await repo.firstDueDaysOn(period.from, period.to);
    await load(firstDue.keys());
    for (const [packageId, balance] of await repo.balancesOf([...firstDue.keys()])) if (balance > 0 && packageMatches(packages.get(packageId))) set.money.stillOwed += balance;

    // Messages and webhooks: by the message's zone (or the package's), filtered through their package when asked.
    const messages = await repo.messagesBetween(fromIso, toIso);
    // Always loaded: a message without its own zone counts on its package's local day.
    await load(messages.map((m) => m.packageId));
    for (const m of messages) {
      const pkg = m.packageId ? packages.get(m.packageId) : undefined;
      if (filtered && !packageMatches(pkg)) continue;
      const zone = m.timeZone ?? zoneOfPlace(pkg?.deliveryLat, pkg?.deliveryLng);
      if (!inPeriod(localDayAt(zone, msOf(m.createdAt)))) continue;
      if (m.status === 'sent') set.messages.sent += 1;
      else if (m.status === 'failed') set.messages.failed += 1;
    }
    const hooks = await repo.webhookMessagesBetween(fromIso, toIso);
    await load(hooks.map((h) => h.packageId));
    for (const h of hooks) {
      const pkg = h.packageId ? packages.get(h.packageId) : undefined;
      if (filtered && !packageMatches(pkg)) continue;
      if (!inPeriod(localDayOf(pkg, h.createdAt))) continue;
      if (h.status === 'delivered') set.webhooks.delivered += 1;
      else if (h.status === 'failed') set.webhooks.failed += 1;
    }

    return { set, days: [...days.values()] };
  }
}
