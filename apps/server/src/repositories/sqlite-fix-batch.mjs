// The SQLite side of the fix writer (decisions 041 and 079), in plain JavaScript so that the same code runs on the
// server's own connection and in the writer thread (sqlite-fix-thread.mjs), from the source tree and from dist/
// alike. Types: sqlite-fix-batch.d.mts.

/** The connection settings of every SQLite connection of the server (db/index.ts and the writer thread). */
export function applySqlitePragmas(sqlite) {
  sqlite.pragma('journal_mode = WAL');
  // A lock held elsewhere (a backup, the admin CLI, the other connection's write) waits at most 1.5 s, then the
  // request answers 503 (design.md §5: within 2 s).
  sqlite.pragma('busy_timeout = 1500');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  // A checkpoint every 10,000 WAL pages (about 40 MB) rather than 1,000: the pages the fixes keep changing (each
  // package's index page, the packages and drivers) are copied back once for many commits (decision 041).
  sqlite.pragma('wal_autocheckpoint = 10000');
}

/** The columns of a location row, in the order the writer's rows give their values. */
export const LOCATION_COLUMNS = [
  'id',
  'package_id',
  'lat',
  'lng',
  'type',
  'address',
  'driver_name',
  'driver_phone',
  'vehicle_id',
  'accuracy',
  'heading',
  'speed',
  'altitude',
  'battery',
  'is_live_tracking',
  'source',
  'recorded_at',
  'created_at',
];

/** Fixes buffered in `locations_recent` before one part of the buffer moves to `locations` (decision 041). */
export const MERGE_EVERY = 500;

/** The statuses of a package on its way (LIVE_STATUSES of @cargo/shared, which this thread cannot import; a test keeps them equal). */
export const LIVE = ['in_transit', 'out_for_delivery'];
/** The same, as the list of an SQL `in (…)` (both dialects' batch statements). */
export const LIVE_SQL_LIST = LIVE.map((s) => `'${s}'`).join(', ');

/**
 * The parts, by package id (random UUIDs, so each holds about a quarter of the packages; any id falls in one): a move
 * takes one part's fixes, the next move the next part, so each fix waits for at most four moves and a move takes about
 * `MERGE_EVERY` fixes, not the whole buffer.
 */
const MERGE_PARTS = [
  ['', '4'],
  ['4', '8'],
  ['8', 'c'],
  ['c', null],
];

/**
 * Writes batches of fixes on one SQLite connection. The fixes go to `locations_recent`, which has no index on the
 * package: in `locations` each fix of a batch lands on its own package's page of the index (package, type, device
 * time), and SQLite writes every page a commit changed whole to the WAL. Every `MERGE_EVERY` fixes, in the same
 * transaction as the batch, the fixes of one part of the packages move to `locations` in the index's order: a
 * package's page is then written once for all its buffered fixes. Reads see both tables through the view
 * `locations_all`; a fix is in exactly one of them at every commit.
 */
export class SqliteFixBatcher {
  constructor(sqlite) {
    this.sqlite = sqlite;
    this.statements = null;
    this.sinceMerge = 0;
    this.nextPart = 0;
  }

  /**
   * One batch in one transaction (BEGIN IMMEDIATE: the write lock first, so nothing read can go stale under it).
   * Answers the places of the writes whose proximity swap won, the packages whose text was not written, and how many
   * statements ran.
   */
  write(batch) {
    // Prepared on first use: the tables exist by then (the app may be built before the migrations ran).
    const st = (this.statements ??= prepare(this.sqlite));
    const won = [];
    /** Packages whose text the batch did not write (no longer on their way when it committed). */
    const refusedTexts = [];
    let statements = 2;
    const merge = this.sinceMerge + batch.locations.length >= MERGE_EVERY ? MERGE_PARTS[this.nextPart] : null;
    st.begin.run();
    try {
      for (let i = 0; i < batch.locations.length; i += INSERT_CHUNK) {
        const rows = batch.locations.slice(i, i + INSERT_CHUNK);
        st.insertLocations(rows.length).run(rows.flat());
        statements += 1;
      }
      if (merge) {
        st.moveToLocations.run({ from: merge[0], to: merge[1] });
        st.clearFromBuffer.run({ from: merge[0], to: merge[1] });
        statements += 2;
      }
      if (batch.packageTexts.length > 0) {
        const written = st.updatePackages.all(JSON.stringify(batch.packageTexts.map((t) => [t.id, t.currentLocation, t.updatedAt])));
        statements += 1;
        if (written.length < batch.packageTexts.length) {
          const ids = new Set(written.map((r) => r.id));
          for (const t of batch.packageTexts) if (!ids.has(t.id)) refusedTexts.push(t.id);
        }
      }
      if (batch.drivers.length > 0) {
        st.updateDrivers.run(JSON.stringify(batch.drivers.map((d) => [d.id, d.lat, d.lng, d.recordedAt])));
        statements += 1;
      }
      for (const swap of batch.swaps) {
        statements += 1;
        if (st.swapProximity.run(swap.next, swap.id, swap.expected).changes === 0) continue;
        won.push(swap.index);
        if (!swap.event) continue;
        const { event_sequence: sequence } = st.bumpEventSequence.get(swap.id);
        st.insertEvent.run(swap.event.id, swap.event.type, swap.id, sequence, JSON.stringify(swap.event.data), swap.event.occurredAt);
        statements += 2;
      }
      st.commit.run();
    } catch (err) {
      if (this.sqlite.inTransaction) st.rollback.run();
      throw err;
    }
    if (merge) {
      this.sinceMerge = 0;
      this.nextPart = (this.nextPart + 1) % MERGE_PARTS.length;
    } else {
      this.sinceMerge += batch.locations.length;
    }
    return { won, refusedTexts, statements };
  }

  /** Moves every buffered fix to `locations`, in one transaction; answers how many statements ran. */
  mergeAll() {
    moveAll(this.sqlite, (this.statements ??= prepare(this.sqlite)));
    this.sinceMerge = 0;
    return 4;
  }
}

/**
 * At start (bootstrap.ts, after the migrations, before the app takes requests): what a previous process left in the
 * buffer moves to `locations`. A process moves the whole buffer when it stops; only a crash leaves fixes there.
 * Answers how many moved.
 */
export function moveBufferedFixes(sqlite) {
  const left = sqlite.prepare('select count(*) as n from locations_recent').get();
  if (left.n > 0) moveAll(sqlite, prepare(sqlite));
  return left.n;
}

function moveAll(sqlite, st) {
  st.begin.run();
  try {
    st.moveToLocations.run({ from: '', to: null });
    st.clearFromBuffer.run({ from: '', to: null });
    st.commit.run();
  } catch (err) {
    if (sqlite.inTransaction) st.rollback.run();
    throw err;
  }
}

/** Rows a multi-row insert takes at most (18 values each: SQLite's limit on variables is 32,766). */
const INSERT_CHUNK = 64;

function prepare(sqlite) {
  const columns = LOCATION_COLUMNS.join(', ');
  const row = `(${LOCATION_COLUMNS.map(() => '?').join(', ')})`;
  const inserts = new Map();
  // A part of the buffer: package ids from @from up to (not including) @to, or to the end when @to is null.
  const part = 'package_id >= @from and (@to is null or package_id < @to)';
  return {
    // A multi-row insert of bound values, prepared once per number of rows: binding costs less than json_each's parse
    // of each row's JSON (4.5 µs a row against 9 in a micro-benchmark).
    insertLocations: (n) => {
      let statement = inserts.get(n);
      if (!statement) inserts.set(n, (statement = sqlite.prepare(`insert into locations_recent (${columns}) values ${Array(n).fill(row).join(', ')}`)));
      return statement;
    },
    moveToLocations: sqlite.prepare(
      `insert into locations (${columns}) select ${columns} from locations_recent where ${part} order by package_id, type, recorded_at`,
    ),
    clearFromBuffer: sqlite.prepare(`delete from locations_recent where ${part}`),
    // Only while the package is still on its way (design.md §4): a fix read just before the package was delivered,
    // committed just after, must not put the driver's position back into its public text. Answers the packages written.
    // The unary + keeps SQLite from the index on status: with it, the planner walked every live package for each row
    // of the batch (2 ms a batch of 50 against 0.13 with 10,000 packages; ingest fell by 38%).
    updatePackages: sqlite.prepare(
      `update packages set current_location = j.loc, updated_at = j.at
       from (select value ->> 0 as id, value ->> 1 as loc, value ->> 2 as at from json_each(?)) as j
       where packages.id = j.id and +packages.status in (${LIVE_SQL_LIST}) returning packages.id as id`,
    ),
    updateDrivers: sqlite.prepare(
      `update drivers set current_lat = j.lat, current_lng = j.lng, last_location_update = j.at, is_online = 1
       from (select value ->> 0 as id, value ->> 1 as lat, value ->> 2 as lng, value ->> 3 as at from json_each(?)) as j
       where drivers.id = j.id and (drivers.last_location_update is null or drivers.last_location_update <= j.at)`,
    ),
    swapProximity: sqlite.prepare('update packages set proximity_state = ? where id = ? and proximity_state is ?'),
    // The outbox (decision 046): a won swap's event, numbered in the same transaction (repositories/events.ts).
    bumpEventSequence: sqlite.prepare('update packages set event_sequence = event_sequence + 1 where id = ? returning event_sequence'),
    insertEvent: sqlite.prepare(
      `insert into events (id, type, subject_type, subject_id, sequence, data, occurred_at) values (?, ?, 'package', ?, ?, ?, ?)`,
    ),
    begin: sqlite.prepare('begin immediate'),
    commit: sqlite.prepare('commit'),
    rollback: sqlite.prepare('rollback'),
  };
}
