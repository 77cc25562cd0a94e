import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import type { Executor } from './executor.ts';

/** A package's fields the figures read. */
export interface FigurePackage {
  id: string;
  serviceType: string;
  estimatedDelivery: string;
  deliveryLat: number | null;
  deliveryLng: number | null;
  driverId: string | null;
}

export interface FigureOutcome {
  id: string;
  packageId: string;
  kind: string;
  driverId: string | null;
  reason: string | null;
  photoId: string | null;
  signatureId: string | null;
  deviceTime: string;
  createdAt: string;
  arrivedAt: string | null;
}

/** The statuses whose entries the figures count (exceptions and returns). */
export const PERIOD_STATUSES = ['exception', 'returned'] as const;

/** Ids per `in (…)` list: under PostgreSQL's 65,535 parameters and SQLite's 32,766. */
const CHUNK = 5000;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/**
 * The raw rows the figures are computed from (issue 35, design.md §15): read only, over a UTC range wide enough to hold
 * every local day of the period in any zone (the service keeps the rows whose local day falls in it). Each table keeps
 * its one owner for writes; this repository only reads.
 */
export class FiguresRepository {
  constructor(private readonly db: Executor) {}

  async packagesByIds(ids: readonly string[]): Promise<Map<string, FigurePackage>> {
    const out = new Map<string, FigurePackage>();
    for (const part of chunks([...new Set(ids)])) {
      const rows = await this.db
        .selectFrom('packages')
        .select(['id', 'serviceType', 'estimatedDelivery', 'deliveryLat', 'deliveryLng', 'driverId'])
        .where('id', 'in', part)
        .execute();
      for (const row of rows) out.set(row.id, row);
    }
    return out;
  }

  /** Every outcome of the packages with a 'delivered' or 'left' outcome in the range (their first may be earlier). */
  async outcomesOfPackagesDeliveredBetween(fromIso: string, toIso: string): Promise<FigureOutcome[]> {
    const ids = await this.db
      .selectFrom('deliveryOutcomes')
      .select('packageId')
      .distinct()
      .where('kind', 'in', ['delivered', 'left'])
      .where('deviceTime', '>=', fromIso)
      .where('deviceTime', '<', toIso)
      .execute();
    const out: FigureOutcome[] = [];
    for (const part of chunks(ids.map((r) => r.packageId))) {
      out.push(
        ...(await this.db
          .selectFrom('deliveryOutcomes')
          .select(['id', 'packageId', 'kind', 'driverId', 'reason', 'photoId', 'signatureId', 'deviceTime', 'createdAt', 'arrivedAt'])
          .where('packageId', 'in', part)
          .execute()),
      );
    }
    return out;
  }

  async attemptsBetween(fromIso: string, toIso: string): Promise<FigureOutcome[]> {
    return this.db
      .selectFrom('deliveryOutcomes')
      .select(['id', 'packageId', 'kind', 'driverId', 'reason', 'photoId', 'signatureId', 'deviceTime', 'createdAt', 'arrivedAt'])
      .where('kind', '=', 'attempted')
      .where('deviceTime', '>=', fromIso)
      .where('deviceTime', '<', toIso)
      .execute();
  }

  /**
   * The packages delivered so far by the figures' definition (a 'delivered' or 'left' outcome: the 'delivered' figure
   * over all time), each once, with their pickup and delivery positions: the home page's stats read them.
   */
  async deliveredPackages(): Promise<{ pickupLat: number | null; pickupLng: number | null; deliveryLat: number | null; deliveryLng: number | null }[]> {
    return this.db
      .selectFrom('packages')
      .select(['pickupLat', 'pickupLng', 'deliveryLat', 'deliveryLng'])
      .where((eb) => eb.exists(eb.selectFrom('deliveryOutcomes as o').select('o.id').whereRef('o.packageId', '=', 'packages.id').where('o.kind', 'in', ['delivered', 'left'])))
      .execute();
  }

  /** The recipients a message of this event was already written for (the weekly summary's once-a-week key). */
  async recipientsOfEvent(eventId: string): Promise<string[]> {
    const rows = await this.db.selectFrom('notificationMessages').select('recipient').where('eventId', '=', eventId).execute();
    return rows.map((r) => r.recipient);
  }

  /** The lowest ratings given in the range, lowest first (ties: the earliest), with their package and driver. */
  async worstRatings(fromIso: string, toIso: string, limit: number): Promise<{ trackingNumber: string; stars: number; comment: string; driverName: string | null }[]> {
    return this.db
      .selectFrom('packageFeedback as f')
      .innerJoin('packages as p', 'p.id', 'f.packageId')
      .leftJoin('drivers as d', 'd.id', 'f.driverId')
      .select(['p.trackingNumber', 'f.stars', 'f.comment', 'd.name as driverName'])
      .where('f.createdAt', '>=', fromIso)
      .where('f.createdAt', '<', toIso)
      .orderBy('f.stars', 'asc')
      .orderBy('f.createdAt', 'asc')
      .limit(limit)
      .execute();
  }

  /** The drivers with the most 'attempted' outcomes in the range, most first. */
  async mostFailedAttempts(fromIso: string, toIso: string, limit: number): Promise<{ driverName: string | null; attempts: number }[]> {
    const rows = await this.db
      .selectFrom('deliveryOutcomes as o')
      .leftJoin('drivers as d', 'd.id', 'o.driverId')
      .select(['o.driverId', 'd.name as driverName', (eb) => eb.fn.countAll<string | number>().as('attempts')])
      .where('o.kind', '=', 'attempted')
      .where('o.driverId', 'is not', null)
      .where('o.deviceTime', '>=', fromIso)
      .where('o.deviceTime', '<', toIso)
      .groupBy(['o.driverId', 'd.name'])
      .orderBy('attempts', 'desc')
      .orderBy('d.name')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ driverName: r.driverName ?? null, attempts: Number(r.attempts) }));
  }

  /** Every outcome (a closed stop) in the range. */
  async outcomesBetween(fromIso: string, toIso: string): Promise<FigureOutcome[]> {
    return this.db
      .selectFrom('deliveryOutcomes')
      .select(['id', 'packageId', 'kind', 'driverId', 'reason', 'photoId', 'signatureId', 'deviceTime', 'createdAt', 'arrivedAt'])
      .where('deviceTime', '>=', fromIso)
      .where('deviceTime', '<', toIso)
      .execute();
  }

  /** Status entries of the given statuses recorded in the range. */
  async statusEntriesBetween(statuses: readonly string[], fromIso: string, toIso: string): Promise<{ packageId: string; status: string; createdAt: string }[]> {
    return this.db
      .selectFrom('statusHistory')
      .select(['packageId', 'status', 'createdAt'])
      .where('status', 'in', [...statuses])
      .where('createdAt', '>=', fromIso)
      .where('createdAt', '<', toIso)
      .execute();
  }

  async ratingsBetween(fromIso: string, toIso: string): Promise<{ packageId: string; stars: number; driverId: string | null; createdAt: string }[]> {
    return this.db
      .selectFrom('packageFeedback')
      .select(['packageId', 'stars', 'driverId', 'createdAt'])
      .where('createdAt', '>=', fromIso)
      .where('createdAt', '<', toIso)
      .execute();
  }

  /** Ledger entries whose local day (the delivery address's, kept on the entry) falls in the period. */
  async ledgerEntriesOn(fromDay: string, toDay: string): Promise<{ packageId: string; kind: string; method: string | null; amount: number; driverId: string | null; localDay: string }[]> {
    const rows = await this.db
      .selectFrom('paymentEntries')
      .select(['packageId', 'kind', 'method', 'amount', 'driverId', 'localDay'])
      .where('localDay', '>=', fromDay)
      .where('localDay', '<=', toDay)
      .execute();
    return rows.map((r) => ({ ...r, amount: Number(r.amount) }));
  }

  /**
   * The packages whose first amount due (their earliest 'due' entry's local day) falls in the period, with that day:
   * what is still owed is counted on it (decision 114).
   */
  async firstDueDaysOn(fromDay: string, toDay: string): Promise<Map<string, string>> {
    const rows = await this.db
      .selectFrom('paymentEntries')
      .select(['packageId', (eb) => eb.fn.min<string>('localDay').as('day')])
      .where('kind', '=', 'due')
      .where('packageId', 'in', (eb) => eb.selectFrom('paymentEntries').select('packageId').where('kind', '=', 'due').where('localDay', '>=', fromDay).where('localDay', '<=', toDay))
      .groupBy('packageId')
      .execute();
    const out = new Map<string, string>();
    for (const r of rows) if (r.day >= fromDay && r.day <= toDay) out.set(r.packageId, r.day);
    return out;
  }

  /** Each package's ledger sums now: due, paid (payments, refunds, corrections). */
  async balancesOf(ids: readonly string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    for (const part of chunks([...new Set(ids)])) {
      const rows = await this.db
        .selectFrom('paymentEntries')
        .select(['packageId', 'kind', (eb) => eb.fn.sum<string | number>('amount').as('total')])
        .where('packageId', 'in', part)
        .where('kind', '!=', 'release')
        .groupBy(['packageId', 'kind'])
        .execute();
      for (const row of rows) {
        const total = Number(row.total);
        out.set(row.packageId, (out.get(row.packageId) ?? 0) + (row.kind === 'due' ? total : -total));
      }
    }
    return out;
  }

  async messagesBetween(fromIso: string, toIso: string): Promise<{ packageId: string | null; status: string; timeZone: string | null; createdAt: string }[]> {
    return this.db
      .selectFrom('notificationMessages')
      .select(['packageId', 'status', 'timeZone', 'createdAt'])
      .where('createdAt', '>=', fromIso)
      .where('createdAt', '<', toIso)
      .execute();
  }

  async webhookMessagesBetween(fromIso: string, toIso: string): Promise<{ packageId: string | null; status: string; createdAt: string }[]> {
    return this.db
      .selectFrom('webhookMessages')
      .select(['packageId', 'status', 'createdAt'])
      .where('createdAt', '>=', fromIso)
      .where('createdAt', '<', toIso)
      .execute();
  }
}

/** One aggregate row as the service computes and reads it (JSON columns parsed). */
export interface FigureDayRow {
  day: string;
  driverId: string;
  serviceKey: string;
  delivered: number;
  onTime: number;
  firstAttempt: number;
  proofComplete: number;
  attempts: number;
  attemptsByReason: Record<string, number>;
  ratings: number;
  ratingStars: number;
  rating1: number;
  rating2: number;
  rating3: number;
  rating4: number;
  rating5: number;
  moneyDue: number;
  moneyCollected: number;
  collectedByMethod: Record<string, number>;
  exceptions: number;
  returns: number;
  released: number;
  stillOwed: number;
  messagesSent: number;
  messagesFailed: number;
  webhooksDelivered: number;
  webhooksFailed: number;
  stops: number;
  timedStops: number;
  stopSeconds: number;
  firstStopAt: string | null;
  lastStopAt: string | null;
}

export interface FigureChange {
  id: number;
  at: string | null;
  day: string | null;
  packageId: string | null;
}

/** A day of the aggregate summed over its drivers and service types (FigureDaysRepository.rows). */
export type FigureDaySum = Record<(typeof SUMMED)[number], number> & {
  day: string;
  attemptsByReason: Record<string, number>;
  collectedByMethod: Record<string, number>;
  /** The drivers' hours of the day in milliseconds: each driver's first stop to last. */
  driverMs: number;
};

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The aggregate's summable columns. */
const SUMMED = [
  'delivered', 'onTime', 'firstAttempt', 'proofComplete', 'attempts', 'ratings', 'ratingStars', 'rating1', 'rating2', 'rating3', 'rating4', 'rating5',
  'moneyDue', 'moneyCollected', 'exceptions', 'returns', 'released', 'stillOwed', 'messagesSent', 'messagesFailed', 'webhooksDelivered', 'webhooksFailed', 'stops', 'timedStops', 'stopSeconds',
] as const;
const ZERO_ROW = Object.fromEntries(SUMMED.map((c) => [c, 0])) as Record<(typeof SUMMED)[number], number>;

/** The advisory lock the triggers of migration 021 take shared (its FIGURE_LOCK). */
const FIGURE_LOCK = 35021;
/** The lock that lets one instance at a time write a day's aggregate rows (PostgreSQL). */
const FIGURE_WRITE_LOCK = 35022;

/**
 * The daily aggregate (migration 021, decision 108): its rows, which days are computed up to which change, and the
 * change log the triggers write. Its own tables only; the raw rows stay read-only here.
 */
export class FigureDaysRepository {
  constructor(
    private readonly db: Executor,
    private readonly dialect: 'sqlite' | 'postgres',
  ) {}

  async states(fromDay: string, toDay: string): Promise<Map<string, { watermark: number; rules: string }>> {
    const rows = await this.db.selectFrom('figureDayState').select(['day', 'watermark', 'rules']).where('day', '>=', fromDay).where('day', '<=', toDay).execute();
    return new Map(rows.map((r) => [r.day, { watermark: Number(r.watermark), rules: r.rules }]));
  }

  async changesAfter(id: number, limit: number): Promise<FigureChange[]> {
    const rows = await this.db.selectFrom('figureChanges').select(['id', 'at', 'day', 'packageId']).where('id', '>', id).orderBy('id').limit(limit).execute();
    return rows.map((r) => ({ ...r, id: Number(r.id) }));
  }

  /**
   * The newest change id. On PostgreSQL it is read under the lock every trigger holds shared until its transaction
   * ends, so no change at or below it is still uncommitted: a recomputation that starts after it sees them all.
   */
  async newestChange(): Promise<number> {
    const read = async (db: Executor) => Number((await db.selectFrom('figureChanges').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst())?.id ?? 0);
    if (this.dialect === 'sqlite') return read(this.db);
    return (this.db as Kysely<Database>).transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${FIGURE_LOCK})`.execute(trx);
      return read(trx);
    });
  }

  /** The lowest change id any computed day was computed up to (0 when none is computed). */
  async lowestWatermark(): Promise<number> {
    const row = await this.db.selectFrom('figureDayState').select((eb) => eb.fn.min('watermark').as('w')).executeTakeFirst();
    return Number(row?.w ?? 0);
  }

  async deleteChangesUpTo(id: number): Promise<void> {
    await this.db.deleteFrom('figureChanges').where('id', '<=', id).execute();
  }

  async deleteChanges(ids: readonly number[]): Promise<void> {
    for (const part of chunks([...ids])) await this.db.deleteFrom('figureChanges').where('id', 'in', part).execute();
  }

  /** Replaces the rows of `days` with `rows`, and marks them computed up to `watermark` under `rules`: all or nothing. */
  async replaceDays(days: readonly string[], rows: readonly FigureDayRow[], watermark: number, rules: string, nowIso: string): Promise<void> {
    // Another process on the same SQLite file writing the same days at once: its rows are as good; try again shortly.
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.writeDays(days, rows, watermark, rules, nowIso);
      } catch (err) {
        if ((err as { code?: string }).code !== 'SQLITE_BUSY' || attempt >= 10) throw err;
        await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.random() * 50));
      }
    }
  }

  private async writeDays(days: readonly string[], rows: readonly FigureDayRow[], watermark: number, rules: string, nowIso: string): Promise<void> {
    await (this.db as Kysely<Database>).transaction().execute(async (trx) => {
      if (this.dialect === 'postgres') await sql`select pg_advisory_xact_lock(${FIGURE_WRITE_LOCK})`.execute(trx);
      for (const part of chunks([...days])) await trx.deleteFrom('figureDays').where('day', 'in', part).execute();
      const values = rows.map((r) => ({ ...r, attemptsByReason: JSON.stringify(r.attemptsByReason), collectedByMethod: JSON.stringify(r.collectedByMethod) }));
      // 28 columns a row: 30 rows a statement stay under SQLite's 999 parameters.
      for (let i = 0; i < values.length; i += 30) await trx.insertInto('figureDays').values(values.slice(i, i + 30)).execute();
      for (const day of days)
        await trx
          .insertInto('figureDayState')
          .values({ day, watermark, rules, computedAt: nowIso })
          .onConflict((oc) => oc.column('day').doUpdateSet({ watermark, rules, computedAt: nowIso }))
          .execute();
    });
  }

  /**
   * The aggregate of a period, optionally of one driver and one service type (lower case), summed by the database into
   * one row per local day: the summable columns, the attempts by reason and collections by method (their JSON objects
   * summed key by key), and the drivers' hours (each driver's first to last stop of the day, across service types),
   * in whole milliseconds. What crosses to the service does not grow with the drivers or the packages.
   */
  async rows(fromDay: string, toDay: string, filters: { driverId: string | null; serviceKey: string | null }): Promise<FigureDaySum[]> {
    const where = sql.join(
      [
        sql`f.day >= ${fromDay}`,
        sql`f.day <= ${toDay}`,
        ...(filters.driverId ? [sql`f.driver_id = ${filters.driverId}`] : []),
        ...(filters.serviceKey ? [sql`f.service_key = ${filters.serviceKey}`] : []),
      ],
      sql` and `,
    );
    const postgres = this.dialect === 'postgres';
    const sums = sql.join(SUMMED.map((c) => sql`sum(f.${sql.raw(snake(c))}) as ${sql.ref(c)}`));
    // A JSON object's entries as rows: SQLite's json_each, PostgreSQL's jsonb_each_text.
    const entries = (column: 'attempts_by_reason' | 'collected_by_method') =>
      postgres
        ? sql`select f.day, j.key as k, sum(j.value::bigint) as n from figure_days f cross join lateral jsonb_each_text(f.${sql.raw(column)}::jsonb) j where ${where} group by f.day, j.key`
        : sql`select f.day, j.key as k, sum(j.value) as n from figure_days f, json_each(f.${sql.raw(column)}) j where ${where} group by f.day, j.key`;
    // A driver's day across service types: from its first stop to its last, to the millisecond (the instants are ISO
    // texts with milliseconds).
    const span = postgres
      ? sql`round(extract(epoch from (max(f.last_stop_at)::timestamptz - min(f.first_stop_at)::timestamptz)) * 1000)`
      : sql`round((julianday(max(f.last_stop_at)) - julianday(min(f.first_stop_at))) * 86400000)`;
    const [summed, reasons, methods, hours] = await Promise.all([
      sql<Record<string, string | number> & { day: string }>`select f.day, ${sums} from figure_days f where ${where} group by f.day`.execute(this.db),
      entries('attempts_by_reason').execute(this.db),
      entries('collected_by_method').execute(this.db),
      sql<{ day: string; ms: string | number }>`select d.day, sum(d.ms) as ms from (select f.day, ${span} as ms from figure_days f where ${where} and f.driver_id != '' and f.first_stop_at is not null group by f.day, f.driver_id) d group by d.day`.execute(this.db),
    ]);
    const out = new Map<string, FigureDaySum>();
    const day = (d: string) => {
      let row = out.get(d);
      if (!row) out.set(d, (row = { ...ZERO_ROW, day: d, attemptsByReason: {}, collectedByMethod: {}, driverMs: 0 }));
      return row;
    };
    for (const r of summed.rows) {
      const row = day(r.day) as unknown as Record<string, unknown>;
      for (const c of SUMMED) row[c] = Number(r[c] ?? 0);
    }
    for (const r of (reasons as { rows: { day: string; k: string; n: string | number }[] }).rows) day(r.day).attemptsByReason[r.k] = Number(r.n);
    for (const r of (methods as { rows: { day: string; k: string; n: string | number }[] }).rows) day(r.day).collectedByMethod[r.k] = Number(r.n);
    for (const r of hours.rows) day(r.day).driverMs = Number(r.ms);
    return [...out.values()];
  }

  /** Forgets every computed day (the rebuild starts from nothing). */
  async clear(): Promise<void> {
    await this.db.deleteFrom('figureDays').execute();
    await this.db.deleteFrom('figureDayState').execute();
  }

  /** The moments of these packages' outcomes (an outcome's change touches its package's other outcomes' days). */
  async outcomeMomentsOfPackages(ids: readonly string[]): Promise<string[]> {
    const at: string[] = [];
    for (const part of chunks([...new Set(ids)])) {
      const rows = await this.db.selectFrom('deliveryOutcomes').select('deviceTime').distinct().where('packageId', 'in', part).execute();
      for (const r of rows) at.push(r.deviceTime);
    }
    return at;
  }

  /** The moments and days of the rows that name these packages (a change to a package's window, driver, …). */
  async momentsOfPackages(ids: readonly string[]): Promise<{ at: string[]; days: string[] }> {
    const at: string[] = [];
    const days: string[] = [];
    for (const part of chunks([...new Set(ids)])) {
      const [outcomes, feedback, messages, hooks, statuses, ledger] = await Promise.all([
        this.db.selectFrom('deliveryOutcomes').select('deviceTime as at').where('packageId', 'in', part).execute(),
        this.db.selectFrom('packageFeedback').select('createdAt as at').where('packageId', 'in', part).execute(),
        this.db.selectFrom('notificationMessages').select('createdAt as at').where('packageId', 'in', part).execute(),
        this.db.selectFrom('webhookMessages').select('createdAt as at').where('packageId', 'in', part).execute(),
        this.db.selectFrom('statusHistory').select('createdAt as at').where('packageId', 'in', part).where('status', 'in', [...PERIOD_STATUSES]).execute(),
        this.db.selectFrom('paymentEntries').select('localDay').distinct().where('packageId', 'in', part).execute(),
      ]);
      for (const r of [...outcomes, ...feedback, ...messages, ...hooks, ...statuses]) at.push(r.at);
      for (const r of ledger) days.push(r.localDay);
    }
    return { at, days };
  }

  /** The oldest and newest moments of the raw rows (the rebuild's range). */
  async rawRange(): Promise<{ from: string | null; to: string | null }> {
    const pick = async (table: 'deliveryOutcomes' | 'packageFeedback' | 'notificationMessages' | 'webhookMessages', column: 'deviceTime' | 'createdAt') => {
      const row = await this.db
        .selectFrom(table as 'deliveryOutcomes')
        .select((eb) => [eb.fn.min(column as 'deviceTime').as('lo'), eb.fn.max(column as 'deviceTime').as('hi')])
        .executeTakeFirst();
      return [row?.lo ?? null, row?.hi ?? null];
    };
    const ledger = await this.db.selectFrom('paymentEntries').select((eb) => [eb.fn.min('localDay').as('lo'), eb.fn.max('localDay').as('hi')]).executeTakeFirst();
    const all = [
      ...(await pick('deliveryOutcomes', 'deviceTime')),
      ...(await pick('packageFeedback', 'createdAt')),
      ...(await pick('notificationMessages', 'createdAt')),
      ...(await pick('webhookMessages', 'createdAt')),
      ledger?.lo ?? null,
      ledger?.hi ?? null,
    ].filter((v): v is string => !!v);
    if (!all.length) return { from: null, to: null };
    all.sort();
    return { from: all[0]!.slice(0, 10), to: all[all.length - 1]!.slice(0, 10) };
  }
}
