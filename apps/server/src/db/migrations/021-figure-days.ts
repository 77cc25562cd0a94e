import { sql, type Kysely } from 'kysely';

/**
 * Daily figures (issue 35, design.md §15, decision 108).
 *
 * - `figure_days`: the summable figures of one local day (the delivery address's), per driver the figure follows by
 *   its definition ('' for none) and service type (lower case, '' for none): what GET /api/figures sums for whole days.
 * - `figure_day_state`: which days have rows, up to which change (`watermark`, an id of `figure_changes`) and under
 *   which proof rules (`rules`, the delivery requirements the proof figure was computed with).
 * - `figure_changes`: a log the database writes itself, by triggers, on every write that can change a day's figures
 *   (outcomes, ratings, ledger entries, messages, webhook messages, and a package's window, driver, service type or
 *   delivery position), whoever writes: a route, an import, a backfill in SQL, a retention run. `at` is an instant
 *   (or its hour) whose local days in any zone may change, `day` a local day, `package_id` a package whose days may
 *   change. A day with a change above its watermark is recomputed from the raw rows when it is next read.
 * - `delivery_outcomes.arrived_at`: when the driver arrived at the stop, recorded with the outcome from the package's
 *   trail (the first fix within 100 m of where the outcome was recorded, in the 30 minutes before it).
 */
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  await db.schema.alterTable('delivery_outcomes').addColumn('arrived_at', 'text').execute();

  let table = db.schema
    .createTable('figure_days')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('driver_id', 'text', (c) => c.notNull())
    .addColumn('service_key', 'text', (c) => c.notNull());
  for (const column of [
    'delivered', 'on_time', 'first_attempt', 'proof_complete', 'attempts',
    'ratings', 'rating_stars', 'rating1', 'rating2', 'rating3', 'rating4', 'rating5',
    'messages_sent', 'messages_failed', 'webhooks_delivered', 'webhooks_failed',
    'stops', 'timed_stops', 'stop_seconds',
  ])
    table = table.addColumn(column, 'integer', (c) => c.notNull().defaultTo(0));
  await table
    .addColumn('money_due', big, (c) => c.notNull().defaultTo(0))
    .addColumn('money_collected', big, (c) => c.notNull().defaultTo(0))
    // JSON objects: { reason: count } and { method: minor units }.
    .addColumn('attempts_by_reason', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('collected_by_method', 'text', (c) => c.notNull().defaultTo('{}'))
    // The first and last stop (outcome) of this driver's day for this service type, ISO instants.
    .addColumn('first_stop_at', 'text')
    .addColumn('last_stop_at', 'text')
    .addPrimaryKeyConstraint('figure_days_pk', ['day', 'driver_id', 'service_key'])
    .execute();

  await db.schema
    .createTable('figure_day_state')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('watermark', big, (c) => c.notNull())
    .addColumn('rules', 'text', (c) => c.notNull())
    .addColumn('computed_at', 'text', (c) => c.notNull())
    .execute();

  if (dialect === 'postgres')
    await sql`create table figure_changes (id bigserial primary key, at text, day text, package_id text)`.execute(db);
  else await sql`create table figure_changes (id integer primary key autoincrement, at text, day text, package_id text)`.execute(db);

  // The raw reads by time (the recomputation of a day) find their rows by index.
  await db.schema.createIndex('delivery_outcomes_device_time').on('delivery_outcomes').columns(['device_time']).execute();
  await db.schema.createIndex('status_history_status_created').on('status_history').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('package_feedback_created').on('package_feedback').columns(['created_at']).execute();
  await db.schema.createIndex('webhook_messages_created').on('webhook_messages').columns(['created_at']).execute();
  await db.schema.createIndex('webhook_messages_package').on('webhook_messages').columns(['package_id']).execute();

  for (const t of TRACKED) {
    if (dialect === 'postgres') await postgresTriggers(db, t);
    else await sqliteTriggers(db, t);
  }
}

/** A table whose writes change figures: which columns of a row name the moment, the local day or the package. */
export interface Tracked {
  table: string;
  /** figure_changes column -> this table's column. */
  columns: Partial<Record<'at' | 'day' | 'package_id', string>>;
  /** Updates count only when one of these columns changes (all columns when absent). */
  updateOf?: string[];
  /** No insert or delete trigger (packages: a new package has no figures; a deleted one takes its rows with it). */
  updateOnly?: boolean;
  /** The column that pairs a row's old and new versions (PostgreSQL's transition tables). */
  key: string;
}

const TRACKED: Tracked[] = [
  // An outcome changes its own day and the days of the package's other outcomes (an attempt synced late makes a
  // delivery on another day not first-attempt): the package too.
  { table: 'delivery_outcomes', key: 'id', columns: { at: 'device_time', package_id: 'package_id' }, updateOf: ['package_id', 'kind', 'driver_id', 'reason', 'photo_id', 'signature_id', 'device_time', 'created_at', 'arrived_at'] },
  { table: 'package_feedback', key: 'package_id', columns: { at: 'created_at' }, updateOf: ['stars', 'driver_id', 'created_at'] },
  { table: 'payment_entries', key: 'id', columns: { day: 'local_day' } },
  { table: 'notification_messages', key: 'id', columns: { at: 'created_at' }, updateOf: ['status'] },
  { table: 'webhook_messages', key: 'id', columns: { at: 'created_at' }, updateOf: ['status'] },
  { table: 'packages', key: 'id', columns: { package_id: 'id' }, updateOf: ['estimated_delivery', 'driver_id', 'service_type', 'delivery_lat', 'delivery_lng'], updateOnly: true },
];

export async function sqliteTriggers(db: Kysely<any>, t: Tracked): Promise<void> {
  const name = (op: string) => sql.raw(`figure_changes_${t.table}_${op}`);
  const table = sql.raw(t.table);
  const entries = Object.entries(t.columns);
  const targets = sql.raw(entries.map(([target]) => target).join(', '));
  const values = (row: 'NEW' | 'OLD') => sql.raw(entries.map(([, column]) => `${row}.${column}`).join(', '));
  if (!t.updateOnly) {
    await sql`create trigger ${name('ins')} after insert on ${table} begin insert into figure_changes (${targets}) values (${values('NEW')}); end`.execute(db);
    await sql`create trigger ${name('del')} after delete on ${table} begin insert into figure_changes (${targets}) values (${values('OLD')}); end`.execute(db);
  }
  const changed = t.updateOf ? sql.raw(` when ${t.updateOf.map((c) => `OLD.${c} IS NOT NEW.${c}`).join(' or ')}`) : sql.raw('');
  const moved = sql.raw(entries.map(([, column]) => `OLD.${column} IS NOT NEW.${column}`).join(' or '));
  await sql`create trigger ${name('upd')} after update on ${table}${changed} begin
    insert into figure_changes (${targets}) values (${values('NEW')});
    insert into figure_changes (${targets}) select ${values('OLD')} where ${moved};
  end`.execute(db);
}

/**
 * PostgreSQL: one trigger per statement with its transition tables (a bulk insert writes one change per distinct hour
 * and package, not one per row). Each takes a shared advisory lock that the recomputation takes exclusively while it
 * reads the newest change id: no change below that id is still uncommitted (repositories/figures.ts).
 */
export async function postgresTriggers(db: Kysely<any>, t: Tracked): Promise<void> {
  const fn = sql.raw(`figure_changes_${t.table}`);
  const entries = Object.entries(t.columns);
  const targets = entries.map(([target]) => target).join(', ');
  // An instant is kept to its hour ('2026-01-07T18' + ':00:00.000Z'): the recomputation widens it by the hour.
  const pick = (alias: string) => entries.map(([target, column]) => (target === 'at' ? `left(${alias}.${column}, 13) || ':00:00.000Z'` : `${alias}.${column}`)).join(', ');
  const changed = t.updateOf ? t.updateOf.map((c) => `o.${c} is distinct from n.${c}`).join(' or ') : 'true';
  const body = `
    begin
      perform pg_advisory_xact_lock_shared(${FIGURE_LOCK});
      if tg_op = 'INSERT' then
        insert into figure_changes (${targets}) select distinct ${pick('n')} from new_rows n;
      elsif tg_op = 'DELETE' then
        insert into figure_changes (${targets}) select distinct ${pick('o')} from old_rows o;
      else
        insert into figure_changes (${targets})
          select ${pick('n')} from new_rows n join old_rows o on o.${t.key} = n.${t.key} where ${changed}
          union
          select ${pick('o')} from new_rows n join old_rows o on o.${t.key} = n.${t.key} where ${changed};
      end if;
      return null;
    end`;
  await sql`create function ${fn}() returns trigger language plpgsql as ${sql.raw(`$figures$${body}$figures$`)}`.execute(db);
  const table = sql.raw(t.table);
  const trigger = (op: string) => sql.raw(`${t.table}_figures_${op}`);
  if (!t.updateOnly) {
    await sql`create trigger ${trigger('ins')} after insert on ${table} referencing new table as new_rows for each statement execute function ${fn}()`.execute(db);
    await sql`create trigger ${trigger('del')} after delete on ${table} referencing old table as old_rows for each statement execute function ${fn}()`.execute(db);
  }
  await sql`create trigger ${trigger('upd')} after update on ${table} referencing old table as old_rows new table as new_rows for each statement execute function ${fn}()`.execute(db);
}

/** The advisory lock between the triggers (shared) and the reading of the newest change id (exclusive). */
export const FIGURE_LOCK = 35021;
