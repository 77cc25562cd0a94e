import { sql, type Kysely } from 'kysely';
import { postgresTriggers, sqliteTriggers, type Tracked } from './021-figure-days.ts';

/**
 * The figures that counted distinct packages over a whole period from the raw rows on every read (exceptions,
 * returns, released, still owed) kept in the daily aggregate too (issue 35 part 4, decision 114), so a view of 90
 * days at a year of data reads only the aggregate:
 *
 * - `figure_days` gains `exceptions`, `returns` and `released` (packages set to that status, or released without
 *   payment, on the row's local day: a package once per day) and `still_owed` (what is owed now on the packages whose
 *   first amount due was entered that day).
 * - `status_history` now writes the change log too (an 'Exception' or 'Returned' entry changes its day).
 * - `payment_entries` now names its package in the change log, besides its day: a payment on a later day changes what
 *   is still owed on the day the amount was set, which the package's change reaches (every day that names it).
 *
 * The computed days are computed again when next read (the aggregate's rules key changed with these columns), or at
 * once by `npm run admin -- figures-rebuild`.
 */
const STATUS_HISTORY: Tracked = { table: 'status_history', key: 'id', columns: { at: 'created_at' }, updateOf: ['status', 'created_at', 'package_id'] };
const PAYMENT_ENTRIES: Tracked = { table: 'payment_entries', key: 'id', columns: { day: 'local_day', package_id: 'package_id' } };

export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  for (const column of ['exceptions', 'returns', 'released'])
    await db.schema.alterTable('figure_days').addColumn(column, 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('figure_days').addColumn('still_owed', big, (c) => c.notNull().defaultTo(0)).execute();

  if (dialect === 'postgres') {
    await sql`drop function if exists figure_changes_payment_entries() cascade`.execute(db);
    await postgresTriggers(db, PAYMENT_ENTRIES);
    await postgresTriggers(db, STATUS_HISTORY);
  } else {
    for (const op of ['ins', 'del', 'upd']) await sql`drop trigger if exists ${sql.raw(`figure_changes_payment_entries_${op}`)}`.execute(db);
    await sqliteTriggers(db, PAYMENT_ENTRIES);
    await sqliteTriggers(db, STATUS_HISTORY);
  }
}
