import { Worker } from 'node:worker_threads';
import type { Database as SqliteDatabase } from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Pool, PoolClient } from 'pg';
import type { Database, LocationRow } from '../db/types.ts';
import type { NativeDatabase, StatementCounter } from '../db/index.ts';
import type { WriteGate } from '../db/write-gate.ts';
import { newTimeOrderedId } from '../lib/crypto.ts';
import { isForeignKeyViolation } from './errors.ts';
import { LIVE_SQL_LIST, LOCATION_COLUMNS, MERGE_EVERY, moveBufferedFixes, SqliteFixBatcher, type SqliteBatch, type SqliteBatchResult } from './sqlite-fix-batch.mjs';

/** One fix's writes: its location row, and what it moves. */
export interface FixWrite {
  location: LocationRow;
  /** The package's public current-location text, when the fix moved a live package. */
  packageText?: { currentLocation: string; updatedAt: string } | undefined;
  /**
   * Compare-and-set of the package's proximity state (rare: only when the driver crosses a radius), with the event to
   * write to the outbox in the same transaction when this swap wins ('package.approaching', 'package.arriving').
   */
  proximity?: { expected: string | null; next: string | null; event?: ProximityEvent | undefined } | undefined;
  /** The driver's own position, moved unless the driver already has a newer one. */
  driver?: { id: string; lat: number; lng: number; recordedAt: string } | undefined;
}

/** An outbox event written with a won proximity swap (decision 046). */
export interface ProximityEvent {
  type: string;
  data: Record<string, unknown>;
  occurredAt: string;
}

export interface FixWriteResult {
  /** Whether this write moved the proximity state (so its alert is announced): false without a swap. */
  proximityWon: boolean;
  /**
   * False when the write had a package text that was not written: the package was no longer on its way when the
   * batch committed (delivered after the fix read it), and what was read of it is out of date.
   */
  textWritten: boolean;
}

/** What a batch changed besides its locations: the proximity swaps that won, the package texts not written. */
interface BatchOutcome {
  won: Set<number>;
  refusedTexts: ReadonlySet<string>;
}

const NONE: ReadonlySet<string> = new Set();

/** A batch as the database gets it: one row per location, at most one text and one position per package and driver. */
interface Batch {
  locations: LocationRow[];
  packageTexts: Array<{ id: string; currentLocation: string; updatedAt: string }>;
  drivers: Array<{ id: string; lat: number; lng: number; recordedAt: string }>;
  /** `index` is the write's place in the batch. */
  swaps: Array<{ index: number; id: string; expected: string | null; next: string | null; event?: ProximityEvent | undefined }>;
}

interface Pending {
  write: FixWrite;
  resolve: (result: FixWriteResult) => void;
  reject: (err: unknown) => void;
}

/** At most this many fixes in one transaction; more wait for the next. */
export const MAX_BATCH = 500;

/**
 * Group commit for GPS fixes (issue 11, decision 040): the fixes that arrive while the previous batch is being written
 * (or within the same turn of the event loop) are written together in one transaction, with one multi-row insert and
 * one update each for packages and drivers, by statements prepared once. Each caller's promise settles only after the
 * commit that holds its fix, so an acknowledged fix is in the database. A batch that breaks a foreign key is retried
 * fix by fix, so one bad fix (its package deleted meanwhile) fails alone.
 */
export abstract class FixWriter {
  private queue: Pending[] = [];
  private flushing: Promise<void> | null = null;
  private scheduled = false;
  private closed = false;

  constructor(protected readonly counter: StatementCounter) {}

  static for(native: NativeDatabase, db: Kysely<Database>, counter: StatementCounter): FixWriter {
    return native.dialect === 'sqlite' ? new SqliteFixWriter(native.sqlite, db, counter) : new PostgresFixWriter(native.pool, counter);
  }

  write(write: FixWrite): Promise<FixWriteResult> {
    if (this.closed) return Promise.reject(new Error('fix writer closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ write, resolve, reject });
      this.schedule();
    });
  }

  /** Writes what is queued and stops taking more. */
  async close(): Promise<void> {
    this.closed = true;
    while (this.flushing || this.queue.length > 0) {
      if (this.flushing) await this.flushing;
      else await this.flushNow();
    }
    await this.drained();
  }

  /** Runs once everything queued is written, at close. */
  protected async drained(): Promise<void> {}

  private schedule(): void {
    if (this.scheduled || this.flushing) return;
    this.scheduled = true;
    // Let every request read in this turn of the event loop join the batch.
    setImmediate(() => {
      this.scheduled = false;
      void this.flushNow();
    });
  }

  private flushNow(): Promise<void> {
    if (this.flushing || this.queue.length === 0) return this.flushing ?? Promise.resolve();
    const taken = this.queue.splice(0, MAX_BATCH);
    this.flushing = this.commit(taken).finally(() => {
      this.flushing = null;
      if (this.queue.length > 0) this.schedule();
    });
    return this.flushing;
  }

  private async commit(taken: Pending[]): Promise<void> {
    try {
      const outcome = await this.writeBatch(toBatch(taken.map((p) => p.write)));
      this.counter.batches += 1;
      this.counter.fixes += taken.length;
      taken.forEach((p, index) => p.resolve(resultOf(p.write, index, outcome)));
      return;
    } catch (err) {
      // Only a fix that breaks a constraint (its package deleted meanwhile) can spoil a batch for the others; any
      // other failure (the database unreachable or locked) would fail each of them alike, and retrying one by one
      // would only make every caller wait longer for its 503.
      if (taken.length === 1 || !isForeignKeyViolation(err)) {
        for (const p of taken) p.reject(err);
        return;
      }
    }
    // One of them spoiled the batch: each on its own, so only that one fails.
    for (const p of taken) {
      try {
        const outcome = await this.writeBatch(toBatch([p.write]));
        this.counter.batches += 1;
        this.counter.fixes += 1;
        p.resolve(resultOf(p.write, 0, outcome));
      } catch (err) {
        p.reject(err);
      }
    }
  }

  /**
   * Writes a batch in one transaction; answers the places of the writes whose proximity swap won and the packages
   * whose text it did not write (a package text is written only while the package is on its way, design.md §4).
   */
  protected abstract writeBatch(batch: Batch): Promise<BatchOutcome>;

  /**
   * A write that should not hold the event loop, run where the batches run (SQLite's writer thread), answering the
   * rows it changed; null where there is no such place (PostgreSQL, an in-memory SQLite database): run it as usual.
   */
  offloadWrite(_sql: string, _parameters: readonly unknown[]): Promise<number> | null {
    return null;
  }

  /**
   * Where the server's own connection takes its turn at the write lock (db/write-gate.ts): SQLite's writer thread;
   * null where nothing else writes in this process (PostgreSQL, an in-memory SQLite database).
   */
  writeGate(): WriteGate | null {
    return null;
  }
}

function resultOf(write: FixWrite, index: number, outcome: BatchOutcome): FixWriteResult {
  return { proximityWon: outcome.won.has(index), textWritten: !write.packageText || !outcome.refusedTexts.has(write.location.packageId) };
}

/** Collapses a batch: every location, but per package only the newest text and per driver only the newest position. */
function toBatch(writes: FixWrite[]): Batch {
  const texts = new Map<string, { id: string; currentLocation: string; updatedAt: string; recordedAt: string }>();
  const drivers = new Map<string, { id: string; lat: number; lng: number; recordedAt: string }>();
  const swaps: Batch['swaps'] = [];
  for (const [index, w] of writes.entries()) {
    const { packageId, recordedAt } = w.location;
    if (w.packageText) {
      const had = texts.get(packageId);
      if (!had || had.recordedAt <= recordedAt) texts.set(packageId, { id: packageId, ...w.packageText, recordedAt });
    }
    if (w.driver) {
      const had = drivers.get(w.driver.id);
      if (!had || had.recordedAt <= w.driver.recordedAt) drivers.set(w.driver.id, w.driver);
    }
    if (w.proximity) swaps.push({ index, id: packageId, ...w.proximity });
  }
  return {
    locations: writes.map((w) => w.location),
    packageTexts: [...texts.values()].map(({ id, currentLocation, updatedAt }) => ({ id, currentLocation, updatedAt })),
    drivers: [...drivers.values()],
    swaps,
  };
}

function locationValues(row: LocationRow): unknown[] {
  return [
    row.id,
    row.packageId,
    row.lat,
    row.lng,
    row.type,
    row.address,
    row.driverName,
    row.driverPhone,
    row.vehicleId,
    row.accuracy,
    row.heading,
    row.speed,
    row.altitude,
    row.battery,
    row.isLiveTracking,
    row.source,
    row.recordedAt,
    row.createdAt,
  ];
}

/** With no batch for this long, the whole buffer moves (so a quiet server keeps nothing there). */
export const IDLE_MERGE_MS = 1_000;

export { MERGE_EVERY, moveBufferedFixes };

/**
 * SQLite (decisions 041 and 079): the batches run in a writer thread of their own, on a connection of its own to the
 * same file, so their inserts, the moves of the buffer and the WAL's checkpoints do not hold the event loop that
 * answers requests; SQLite's write lock keeps them apart from the server's own transactions (BEGIN IMMEDIATE on both
 * sides, db/index.ts). An in-memory database cannot be shared between connections: its batches run on the server's
 * connection, through Kysely's mutex so that a batch never lands inside a transaction a service has open.
 */
class SqliteFixWriter extends FixWriter {
  private readonly thread: WriterThread | null;
  /** Copies the WAL back into the file every 100 ms (decision 084); started with the first batch. */
  private checkpointer: Worker | null = null;
  private inline: SqliteFixBatcher | null = null;
  /** Whether the buffer may hold fixes (false after the whole of it moved); at start, what a previous process left. */
  private buffered = true;
  private idleTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly sqlite: SqliteDatabase,
    private readonly db: Kysely<Database>,
    counter: StatementCounter,
  ) {
    super(counter);
    this.thread = sqlite.memory ? null : new WriterThread(sqlite.name);
  }

  protected async writeBatch(batch: Batch): Promise<BatchOutcome> {
    const sqliteBatch: SqliteBatch = {
      locations: batch.locations.map(locationValues),
      packageTexts: batch.packageTexts,
      drivers: batch.drivers,
      swaps: batch.swaps.map((s) => ({ ...s, event: s.event && { id: newTimeOrderedId(), ...s.event } })),
    };
    if (this.thread && !this.checkpointer) this.startCheckpointer();
    const result = this.thread ? await this.thread.call({ kind: 'batch', batch: sqliteBatch }) : await this.onServerConnection((b) => b.write(sqliteBatch));
    this.counter.statements += result.statements;
    this.buffered = true;
    this.armIdleMerge();
    return { won: new Set(result.won), refusedTexts: result.refusedTexts?.length ? new Set(result.refusedTexts) : NONE };
  }

  override writeGate(): WriteGate | null {
    return this.thread;
  }

  override offloadWrite(sql: string, parameters: readonly unknown[]): Promise<number> | null {
    if (!this.thread) return null;
    return this.thread.call({ kind: 'exec', sql, parameters }).then((r) => {
      this.counter.statements += 1;
      return r.changes ?? 0;
    });
  }

  /**
   * The checkpoint thread (sqlite-checkpoint-thread.mjs), on the first batch: a server that never takes a fix does
   * not need it. If it fails, the connections' automatic checkpoint still bounds the WAL, as before it existed.
   */
  private startCheckpointer(): void {
    const worker = new Worker(new URL('./sqlite-checkpoint-thread.mjs', import.meta.url), { workerData: { file: this.sqlite.name, from: import.meta.url } });
    worker.unref();
    worker.on('error', () => undefined);
    this.checkpointer = worker;
  }

  private onServerConnection<T>(fn: (batcher: SqliteFixBatcher) => T): Promise<T> {
    // Kysely's single connection, taken through its mutex: no other query runs until this returns.
    return this.db.connection().execute(async () => fn((this.inline ??= new SqliteFixBatcher(this.sqlite))));
  }

  private armIdleMerge(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      // A failure here (the database busy or closed) leaves the fixes where they are: still read, moved later.
      this.mergeAll().catch(() => undefined);
    }, IDLE_MERGE_MS);
    this.idleTimer.unref();
  }

  /** Moves the whole buffer to `locations`, in one transaction. */
  private async mergeAll(): Promise<void> {
    if (!this.buffered) return;
    const result = this.thread ? await this.thread.call({ kind: 'mergeAll' }) : { statements: await this.onServerConnection((b) => b.mergeAll()) };
    this.counter.statements += result.statements;
    this.buffered = false;
  }

  protected override async drained(): Promise<void> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    try {
      await this.mergeAll();
    } finally {
      await Promise.all([this.thread?.close(), this.checkpointer?.terminate()]);
      this.checkpointer = null;
    }
  }
}

type ThreadMessage = { kind: 'batch'; batch: SqliteBatch } | { kind: 'mergeAll' } | { kind: 'exec'; sql: string; parameters: readonly unknown[] };

/**
 * How long the server's connection holds its turn (db/write-gate.ts) before the thread's calls go on regardless, and
 * how long it waits for the thread's calls in flight: SQLite's busy timeout (design.md §5: a 503 within 2 s). A
 * transaction that awaited a call of the thread would otherwise wait for ever; so it fails as it would without the
 * gate, on the busy timeout.
 */
export const WRITE_TURN_MAX_MS = 1_500;

/**
 * The writer thread (sqlite-fix-thread.mjs), started at once and again after it ends: each call answers when the
 * thread has committed, or fails with the thread's error (its SQLite code kept, so a busy database is a 503 and a
 * broken foreign key is found as before). It is also the write gate of the server's own connection (decision 085):
 * while that connection has its turn, calls wait here, not in SQLite's busy handler, and its turn begins once the
 * calls in flight are answered.
 */
class WriterThread implements WriteGate {
  private worker: Worker | null = null;
  private nextId = 0;
  private readonly calls = new Map<number, { resolve: (r: SqliteBatchResult) => void; reject: (err: unknown) => void }>();
  /** Whether the server's connection has its turn; calls made meanwhile wait in `held`. */
  private turnOn = false;
  private turnTimer: NodeJS.Timeout | null = null;
  private held: Array<() => void> = [];
  /** Called when no call is in flight. */
  private onIdle: Array<() => void> = [];
  /** The end of the turn before, for a turn asked for while one is on (Kysely runs one query at a time: rare). */
  private turnEnded: Promise<void> = Promise.resolve();

  constructor(private readonly file: string) {
    this.start();
  }

  call(message: ThreadMessage): Promise<SqliteBatchResult> {
    if (this.turnOn) return new Promise<void>((resume) => this.held.push(resume)).then(() => this.call(message));
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.calls.set(id, { resolve, reject });
      // One string: the structured clone of a batch's many small values cost more than JSON (a CPU profile: 8.5% of
      // the event loop in postMessage).
      worker.postMessage(JSON.stringify({ id, ...message }));
    });
  }

  async enter(): Promise<() => void> {
    const before = this.turnEnded;
    let endTurn!: () => void;
    this.turnEnded = new Promise((resolve) => (endTurn = resolve));
    await before;
    this.turnOn = true;
    // A turn held too long (see WRITE_TURN_MAX_MS) lets the held calls go.
    this.turnTimer = setTimeout(() => this.resumeCalls(), WRITE_TURN_MAX_MS);
    this.turnTimer.unref();
    if (this.calls.size > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, WRITE_TURN_MAX_MS);
        this.onIdle.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.resumeCalls();
      endTurn();
    };
  }

  private resumeCalls(): void {
    if (this.turnTimer) clearTimeout(this.turnTimer);
    this.turnTimer = null;
    this.turnOn = false;
    const held = this.held;
    this.held = [];
    for (const resume of held) resume();
  }

  private settled(): void {
    if (this.calls.size > 0 || this.onIdle.length === 0) return;
    const waiting = this.onIdle;
    this.onIdle = [];
    for (const idle of waiting) idle();
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }

  private start(): Worker {
    const worker = new Worker(new URL('./sqlite-fix-thread.mjs', import.meta.url), { workerData: { file: this.file, from: import.meta.url } });
    // The thread never keeps the process alive: the server closes it when it stops, after the last batch.
    worker.unref();
    worker.on('message', (m: { id: number; result?: SqliteBatchResult; error?: { message: string; code?: string } }) => {
      const call = this.calls.get(m.id);
      if (!call) return;
      this.calls.delete(m.id);
      if (m.result) call.resolve(m.result);
      else call.reject(Object.assign(new Error(m.error?.message ?? 'fix writer thread failed'), { code: m.error?.code }));
      this.settled();
    });
    const gone = (err: unknown) => {
      if (this.worker === worker) this.worker = null;
      // What was in flight may or may not be committed: its callers are told it failed (never acknowledged).
      for (const call of this.calls.values()) call.reject(Object.assign(new Error(`fix writer thread ended: ${String(err)}`), { code: 'SQLITE_IOERR' }));
      this.calls.clear();
      this.settled();
    };
    worker.on('error', gone);
    worker.on('exit', (code) => gone(`exit ${code}`));
    this.worker = worker;
    return worker;
  }
}

/**
 * PostgreSQL: the whole batch is one statement (data-modifying CTEs over unnest'ed arrays: atomic on its own, one
 * round trip), prepared once per connection by name. A batch with a proximity swap adds a transaction around it.
 */
/** PostgreSQL's SQLSTATE for a deadlock, and how many times a batch is tried when it meets one. */
const DEADLOCK_DETECTED = '40P01';
const DEADLOCK_ATTEMPTS = 3;

class PostgresFixWriter extends FixWriter {
  private static readonly TYPES = ['text', 'text', 'float8', 'float8', 'text', 'text', 'text', 'text', 'text', 'float8', 'float8', 'float8', 'float8', 'float8', 'int4', 'text', 'text', 'text'];
  private static readonly BATCH_SQL = `with v as (
      select * from unnest(${PostgresFixWriter.TYPES.map((t, i) => `$${i + 1}::${t}[]`).join(', ')}) as t(${LOCATION_COLUMNS.join(', ')})
    ), ins as (
      insert into locations (${LOCATION_COLUMNS.join(', ')}) select ${LOCATION_COLUMNS.join(', ')} from v
    ), pkg as (
      update packages p set current_location = u.loc, updated_at = u.at
      from unnest($19::text[], $20::text[], $21::text[]) as u(id, loc, at)
      where p.id = u.id and p.status in (${LIVE_SQL_LIST})
      returning p.id
    ), drv as (
      update drivers d set current_lat = w.lat, current_lng = w.lng, last_location_update = w.at, is_online = 1
      from unnest($22::text[], $23::float8[], $24::float8[], $25::text[]) as w(id, lat, lng, at)
      where d.id = w.id and (d.last_location_update is null or d.last_location_update <= w.at)
    ) select array(select id from pkg) as written`;

  constructor(
    private readonly pool: Pool,
    counter: StatementCounter,
  ) {
    super(counter);
  }

  protected async writeBatch(batch: Batch): Promise<BatchOutcome> {
    // Several instances write batches that update the same packages and drivers: rows locked in id order in every
    // batch, and a batch that still meets a deadlock is run again (nothing of it was written), rather than answering
    // its fixes with a 500 (decision 057: 38 of 6,000 fixes did with three instances).
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.writeBatchOnce(batch);
      } catch (err) {
        if ((err as { code?: string }).code !== DEADLOCK_DETECTED || attempt >= DEADLOCK_ATTEMPTS) throw err;
      }
    }
  }

  private async writeBatchOnce(batch: Batch): Promise<BatchOutcome> {
    const columns: unknown[][] = LOCATION_COLUMNS.map(() => []);
    for (const row of batch.locations) locationValues(row).forEach((value, i) => columns[i]!.push(value));
    const packageTexts = [...batch.packageTexts].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const drivers = [...batch.drivers].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const values = [
      ...columns,
      packageTexts.map((t) => t.id),
      packageTexts.map((t) => t.currentLocation),
      packageTexts.map((t) => t.updatedAt),
      drivers.map((d) => d.id),
      drivers.map((d) => d.lat),
      drivers.map((d) => d.lng),
      drivers.map((d) => d.recordedAt),
    ];
    const client: PoolClient = await this.pool.connect();
    const won = new Set<number>();
    const refused = (written: { rows: Array<{ written: string[] }> }): ReadonlySet<string> => {
      const ids = written.rows[0]?.written ?? [];
      if (ids.length === packageTexts.length) return NONE;
      const kept = new Set(ids);
      return new Set(packageTexts.filter((t) => !kept.has(t.id)).map((t) => t.id));
    };
    try {
      if (batch.swaps.length === 0) {
        const written = await client.query<{ written: string[] }>({ name: 'cargo-fix-batch', text: PostgresFixWriter.BATCH_SQL, values });
        this.counter.statements += 1;
        return { won, refusedTexts: refused(written) };
      }
      await client.query('begin');
      try {
        const written = await client.query<{ written: string[] }>({ name: 'cargo-fix-batch', text: PostgresFixWriter.BATCH_SQL, values });
        for (const swap of batch.swaps) {
          const result = await client.query({
            name: 'cargo-fix-swap',
            text: 'update packages set proximity_state = $1::text where id = $2 and proximity_state is not distinct from $3::text',
            values: [swap.next, swap.id, swap.expected],
          });
          if ((result.rowCount ?? 0) === 0) continue;
          won.add(swap.index);
          if (!swap.event) continue;
          const bumped = await client.query<{ event_sequence: number }>({
            name: 'cargo-event-sequence',
            text: 'update packages set event_sequence = event_sequence + 1 where id = $1 returning event_sequence',
            values: [swap.id],
          });
          await client.query({
            name: 'cargo-event-insert',
            text: `insert into events (id, type, subject_type, subject_id, sequence, data, occurred_at) values ($1, $2, 'package', $3, $4, $5, $6)`,
            values: [newTimeOrderedId(), swap.event.type, swap.id, Number(bumped.rows[0]!.event_sequence), JSON.stringify(swap.event.data), swap.event.occurredAt],
          });
          this.counter.statements += 2;
        }
        await client.query('commit');
        this.counter.statements += 3 + batch.swaps.length;
        return { won, refusedTexts: refused(written) };
      } catch (err) {
        await client.query('rollback').catch(() => undefined);
        throw err;
      }
    } finally {
      client.release();
    }
  }
}
