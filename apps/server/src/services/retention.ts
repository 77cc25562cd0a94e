import { isoFromMs } from '../lib/time.ts';
import type { AfterTrail, AgeCursor, RetentionRepository } from '../repositories/retention.ts';

const DAY_MS = 86_400_000;

/** The retention settings (env RETENTION_*; README "Retention"). */
export interface RetentionSettings {
  /** Days a delivered, cancelled or returned package keeps its full GPS trail. */
  trailDays: number;
  /** What stays after that: one fix per minute, or only the final position. */
  afterTrail: AfterTrail;
  devicePointsDays: number;
  sessionsDays: number;
  notificationsDays: number;
  /** Rows per statement. */
  batchRows: number;
}

/** What one run removed, by kind, and how long it took. */
export interface RetentionRun {
  fixes: number;
  devicePoints: number;
  sessions: number;
  notificationMessages: number;
  /** Rows removed by tasks registered by other features (the audit log's own pruning), by name. */
  other: Record<string, number>;
  batches: number;
  ms: number;
  /** True when the run was stopped before it was done (the app closing). */
  stopped: boolean;
}

/**
 * A pruning step another feature registers (the audit log keeps its own setting and prunes its own table): called
 * once per run with the batch size and a pause to await between its statements; answers how many rows it removed.
 */
export type RetentionTask = (ctx: { batchRows: number; pause: () => Promise<boolean> }) => Promise<number>;

/** The smallest fix id of a time: version 7 ids start with the time in ms, in hex (lib/crypto.ts). */
export function firstIdAt(ms: number): string {
  const time = Math.max(0, Math.floor(ms)).toString(16).padStart(12, '0');
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-0000-0000-000000000000`;
}

/** After each statement the job waits this many times as long as the statement took: it takes at most 1/(1+9) = 10%. */
export const PAUSE_FACTOR = 9;

/**
 * Applies the retention settings in small batches (decision 075): every statement removes at most `batchRows` rows
 * found by an index, and after each one the job waits `PAUSE_FACTOR` times as long as the statement took (at least a
 * few milliseconds), so requests, and the fix writer's group commits, run between them. On SQLite a statement holds
 * the one connection, and the event loop, while it runs; the pause keeps the job to a tenth of either (figures:
 * bench/RESULTS.md, bench/retention-ingest.mjs).
 */
export class RetentionService {
  private readonly tasks = new Map<string, RetentionTask>();
  private stopping = false;
  private running: Promise<RetentionRun> | null = null;
  /** The last finished run of this process. */
  lastRun: (RetentionRun & { finishedAt: string }) | null = null;
  /** The last statement's duration: the next pause. */
  private lastMs = 0;

  constructor(
    private readonly repo: RetentionRepository,
    readonly settings: RetentionSettings,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Adds a pruning step of another feature (called in every run after the built-in ones). */
  register(name: string, task: RetentionTask): void {
    this.tasks.set(name, task);
  }

  /** Runs once; a run already under way is joined rather than started twice. */
  run(): Promise<RetentionRun> {
    this.stopping = false;
    this.running ??= this.runOnce().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Stops a run under way after its current statement. */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.running?.catch(() => undefined);
  }

  private async runOnce(): Promise<RetentionRun> {
    const started = this.clock();
    const s = this.settings;
    const run: RetentionRun = { fixes: 0, devicePoints: 0, sessions: 0, notificationMessages: 0, other: {}, batches: 0, ms: 0, stopped: false };
    const timed = async <T>(work: () => Promise<T>): Promise<T> => {
      const t0 = performance.now();
      try {
        return await work();
      } finally {
        this.lastMs = performance.now() - t0;
        run.batches += 1;
      }
    };
    const pause = () => this.pause();

    // GPS fixes: walk `locations` by key up to the first id of the cut-off time, a key range per statement.
    const trailCutoff = started - s.trailDays * DAY_MS;
    const before = firstIdAt(trailCutoff);
    const createdBefore = isoFromMs(trailCutoff);
    for (let after = ''; ; ) {
      const ids = await timed(() => this.repo.locationIds(after, before, s.batchRows));
      if (ids.length === 0) break;
      run.fixes += await timed(() => this.repo.deleteFixes(ids[0]!, ids[ids.length - 1]!, createdBefore, s.afterTrail));
      after = ids[ids.length - 1]!;
      if (!(await pause()) || ids.length < s.batchRows) break;
    }

    // Device points that moved nothing.
    const pointsBefore = isoFromMs(started - s.devicePointsDays * DAY_MS);
    for (let cursor: AgeCursor | null = null; !this.stopping; ) {
      const batch = await timed(() => this.repo.devicePointsBefore(pointsBefore, cursor, s.batchRows));
      if (batch.length === 0) break;
      run.devicePoints += await timed(() => this.repo.deleteDevicePoints(batch.map((p) => p.id)));
      cursor = batch[batch.length - 1]!;
      if (!(await pause()) || batch.length < s.batchRows) break;
    }

    // Ended sessions, and the notification log.
    const sessionsBefore = isoFromMs(started - s.sessionsDays * DAY_MS);
    while (!this.stopping) {
      const n = await timed(() => this.repo.deleteSessionsExpiredBefore(sessionsBefore, s.batchRows));
      run.sessions += n;
      if (!(await pause()) || n < s.batchRows) break;
    }
    const messagesBefore = isoFromMs(started - s.notificationsDays * DAY_MS);
    while (!this.stopping) {
      const n = await timed(() => this.repo.deleteMessagesBefore(messagesBefore, s.batchRows));
      run.notificationMessages += n;
      if (!(await pause()) || n < s.batchRows) break;
    }

    for (const [name, task] of this.tasks) {
      if (this.stopping) break;
      run.other[name] = await task({ batchRows: s.batchRows, pause });
    }
    run.stopped = this.stopping;
    run.ms = this.clock() - started;
    this.lastRun = { ...run, finishedAt: isoFromMs(this.clock()) };
    return run;
  }

  /** Waits `PAUSE_FACTOR` times as long as the last statement took (5 ms at least); false when the job is stopping. */
  private async pause(): Promise<boolean> {
    if (this.stopping) return false;
    await new Promise((resolve) => setTimeout(resolve, Math.max(5, Math.min(this.lastMs * PAUSE_FACTOR, 2000))));
    return !this.stopping;
  }
}

/**
 * Runs the retention job every `everyMinutes` (0: never; tests run it themselves), first a minute after start so it
 * never competes with start-up. A failed run is logged and tried again at the next turn.
 */
export class RetentionWorker {
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly service: RetentionService,
    private readonly everyMinutes: number,
    private readonly log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void },
  ) {}

  start(): void {
    if (this.everyMinutes === 0) return;
    this.stopped = false;
    this.schedule(60_000);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.service.stop();
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.turn(), ms);
    this.timer.unref();
  }

  private async turn(): Promise<void> {
    this.timer = null;
    try {
      const run = await this.service.run();
      const removed = run.fixes + run.devicePoints + run.sessions + run.notificationMessages + Object.values(run.other).reduce((a, b) => a + b, 0);
      if (removed > 0) this.log.info({ retention: run }, `retention: removed ${removed} rows in ${run.ms} ms`);
    } catch (err) {
      this.log.warn({ err }, 'retention: a run failed; trying again at the next turn');
    }
    this.schedule(this.everyMinutes * 60_000);
  }
}
