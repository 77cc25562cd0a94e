import type { AdminUserRow, DriverRow, PackageRow } from '../db/types.ts';
import type { Repositories } from '../repositories/index.ts';
import type { ChangeFeed } from './change-feed.ts';
import { SPEED_WINDOW } from './proximity.ts';

/**
 * How long an object read from the database is trusted without a change report: the bound on staleness when a report
 * cannot arrive (a write by another process such as the admin CLI, or Redis down between instances).
 */
export const HOT_STATE_TTL_MS = 10_000;

/** The newest fix of a package by device time (its current position) and the speeds of its newest fixes. */
export interface FixState {
  newest: { lat: number; lng: number; recordedAt: string } | null;
  /** m/s of the newest SPEED_WINDOW fixes, oldest first. */
  speeds: Array<number | null>;
}

interface Cached<T> {
  value: T;
  /** When it was read, moved back by up to a quarter of the TTL so what was read together does not expire together. */
  at: number;
}

/**
 * The hot state of the ingest and lookup paths, in memory (issue 11, decision 040): packages (owner, status,
 * proximity state, everything the public view shows), their newest fix and recent speeds, drivers and admins, and the
 * presented public view of each package. Every write is reported by the repositories through the change feed (and
 * from other instances through Redis), and the object is dropped at once; the fix pipeline, which made the change
 * itself, writes its own changes through instead. Nothing is kept longer than HOT_STATE_TTL_MS.
 */
export class HotState {
  private readonly packages = new Map<string, Cached<PackageRow>>();
  /** Lower-case tracking number → package id, for the packages held. */
  private readonly idByNumber = new Map<string, string>();
  private readonly fixStates = new Map<string, Cached<FixState>>();
  private readonly drivers = new Map<string, Cached<DriverRow>>();
  private readonly admins = new Map<string, Cached<AdminUserRow>>();
  /** Package id → its public view as the lookup route sends it. */
  private readonly publicViews = new Map<string, string>();
  /**
   * Moves on every drop: a read that started before a drop does not store what it read, since the row it read may
   * be the one the drop was about.
   */
  private generation = 0;
  /**
   * Package id → when the fix pipeline last wrote a fix of it through (noteFix). A fix is not a drop, so it moves no
   * generation; a read of that package that started before it does not store what it read, which may be from before
   * the fix's commit. Entries older than HOT_STATE_TTL_MS are swept, and a read that took longer stores nothing.
   */
  private readonly fixNotedAt = new Map<string, number>();
  private readonly sweeper: NodeJS.Timeout;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly repos: Repositories,
    changes: ChangeFeed,
    private readonly clock: () => number = Date.now,
  ) {
    this.unsubscribe = changes.on((change) => {
      if (change.kind === 'package') this.forgetPackage(change.id);
      else if (change.kind === 'driver') this.forget(this.drivers, change.id);
      else if (change.kind === 'admin') this.forget(this.admins, change.id);
    });
    this.sweeper = setInterval(() => this.sweep(), HOT_STATE_TTL_MS);
    this.sweeper.unref();
  }

  close(): void {
    clearInterval(this.sweeper);
    this.unsubscribe();
  }

  /** A package by id or tracking number (trimmed, case-insensitive), as repositories/packages.ts findByRef. */
  async packageByRef(ref: string): Promise<PackageRow | undefined> {
    const trimmed = ref.trim();
    if (!trimmed) return undefined;
    const held = this.heldPackageByRef(trimmed);
    if (held) return { ...held };
    const generation = this.generation;
    const startedAt = this.clock();
    const row = await this.repos.packages.findByRef(trimmed);
    if (row && this.mayHold(row.id, generation, startedAt)) this.holdPackage(row);
    return row;
  }

  /**
   * The package as held, fresh, or undefined when it is not (then ask `packageByRef`): no read, no copy, no promise,
   * for the checks of every request (the access policy's owner check of a fix). The row is read-only.
   */
  heldPackageByRef(ref: string): Readonly<PackageRow> | undefined {
    const trimmed = ref.trim();
    return trimmed ? this.fresh(this.packages.get(this.idByNumber.get(trimmed.toLowerCase()) ?? trimmed)) : undefined;
  }

  /** The driver or admin as held, fresh, or undefined (then ask `driver` or `admin`); read-only, as above. */
  heldDriver(id: string): Readonly<DriverRow> | undefined {
    return this.fresh(this.drivers.get(id));
  }

  heldAdmin(id: string): Readonly<AdminUserRow> | undefined {
    return this.fresh(this.admins.get(id));
  }

  async packageById(id: string): Promise<PackageRow | undefined> {
    const held = this.fresh(this.packages.get(id));
    if (held) return { ...held };
    const generation = this.generation;
    const startedAt = this.clock();
    const row = await this.repos.packages.findById(id);
    if (row && this.mayHold(id, generation, startedAt)) this.holdPackage(row);
    return row;
  }

  async driver(id: string): Promise<DriverRow | undefined> {
    return this.read(this.drivers, id, () => this.repos.drivers.findById(id));
  }

  async admin(id: string): Promise<AdminUserRow | undefined> {
    return this.read(this.admins, id, () => this.repos.admins.findById(id));
  }

  /** The package's newest fix and recent speeds (one read the first time, none after). */
  async fixState(packageId: string): Promise<FixState> {
    const held = this.fresh(this.fixStates.get(packageId));
    if (held) return held;
    const generation = this.generation;
    const startedAt = this.clock();
    const fixes = await this.repos.packages.newestFixes(packageId, SPEED_WINDOW);
    const newest = fixes[0];
    const state: FixState = {
      newest: newest ? { lat: Number(newest.lat), lng: Number(newest.lng), recordedAt: newest.recordedAt } : null,
      speeds: fixes.map((f) => (f.speed == null ? null : Number(f.speed))).reverse(),
    };
    if (this.mayHold(packageId, generation, startedAt)) this.fixStates.set(packageId, { value: state, at: this.readAt() });
    return state;
  }

  /**
   * What a fix the pipeline committed changed, written through: the newest fix and speeds when it moved the current
   * position (a late fix drops them, to be read again), and the package's fields it wrote.
   */
  noteFix(
    packageId: string,
    fix: { lat: number; lng: number; recordedAt: string; speed: number | null },
    movedCurrent: boolean,
    changes: Partial<Pick<PackageRow, 'currentLocation' | 'updatedAt' | 'proximityState'>>,
  ): void {
    this.fixNotedAt.set(packageId, this.clock());
    const state = this.fixStates.get(packageId)?.value;
    if (movedCurrent && state && (!state.newest || state.newest.recordedAt <= fix.recordedAt)) {
      state.newest = { lat: fix.lat, lng: fix.lng, recordedAt: fix.recordedAt };
      state.speeds.push(fix.speed);
      if (state.speeds.length > SPEED_WINDOW) state.speeds.splice(0, state.speeds.length - SPEED_WINDOW);
    } else {
      this.fixStates.delete(packageId);
    }
    const held = this.packages.get(packageId);
    if (held) Object.assign(held.value, changes);
    if (Object.keys(changes).length > 0) this.publicViews.delete(packageId);
  }

  /**
   * The public view of a package as the lookup route sends it, made by `present` once and kept until the package
   * changes; undefined when no package matches.
   */
  async publicView(ref: string, present: (pkg: PackageRow) => string): Promise<string | undefined> {
    // The common case first, with no copy of the row: a package held and fresh whose view is held.
    const trimmed = ref.trim();
    const heldId = this.idByNumber.get(trimmed.toLowerCase()) ?? trimmed;
    if (this.fresh(this.packages.get(heldId))) {
      const view = this.publicViews.get(heldId);
      if (view !== undefined) return view;
    }
    const generation = this.generation;
    const startedAt = this.clock();
    const pkg = await this.packageByRef(ref);
    if (!pkg) return undefined;
    const held = this.publicViews.get(pkg.id);
    if (held !== undefined) return held;
    const view = present(pkg);
    if (this.packages.has(pkg.id) && this.mayHold(pkg.id, generation, startedAt)) this.publicViews.set(pkg.id, view);
    return view;
  }

  /** Drops everything held about a package. */
  forgetPackage(id: string): void {
    this.generation += 1;
    const held = this.packages.get(id);
    if (held) this.idByNumber.delete(held.value.trackingNumber.toLowerCase());
    this.packages.delete(id);
    this.fixStates.delete(id);
    this.publicViews.delete(id);
  }

  /** How many objects are held (tests). */
  get size(): number {
    return this.packages.size + this.fixStates.size + this.drivers.size + this.admins.size;
  }

  private holdPackage(row: PackageRow): void {
    this.packages.set(row.id, { value: { ...row }, at: this.readAt() });
    this.idByNumber.set(row.trackingNumber.toLowerCase(), row.id);
  }

  private async read<T extends object>(map: Map<string, Cached<T>>, id: string, load: () => Promise<T | undefined>): Promise<T | undefined> {
    const held = this.fresh(map.get(id));
    if (held) return { ...held };
    const generation = this.generation;
    const row = await load();
    if (row && generation === this.generation) map.set(id, { value: { ...row }, at: this.readAt() });
    return row;
  }

  /**
   * Whether what a read of a package that started at `startedAt`, in `generation`, found may be held: nothing was
   * dropped since, no fix of the package was written through since (or in the same millisecond), and it was quick.
   */
  private mayHold(packageId: string, generation: number, startedAt: number): boolean {
    if (generation !== this.generation) return false;
    const noted = this.fixNotedAt.get(packageId);
    return (noted === undefined || noted < startedAt) && this.clock() - startedAt < HOT_STATE_TTL_MS;
  }

  private forget(map: Map<string, unknown>, id: string): void {
    this.generation += 1;
    map.delete(id);
  }

  private readAt(): number {
    return this.clock() - Math.random() * (HOT_STATE_TTL_MS / 4);
  }

  private fresh<T>(entry: Cached<T> | undefined): T | undefined {
    return entry && this.clock() - entry.at < HOT_STATE_TTL_MS ? entry.value : undefined;
  }

  /**
   * Drops what has expired. Not a change: a read under way may still store what it read (it is from after the
   * entry's time), so the generation stays.
   */
  private sweep(): void {
    const oldest = this.clock() - HOT_STATE_TTL_MS;
    for (const [id, entry] of this.packages) {
      if (entry.at >= oldest) continue;
      this.idByNumber.delete(entry.value.trackingNumber.toLowerCase());
      this.packages.delete(id);
      this.publicViews.delete(id);
    }
    for (const [id, at] of this.fixNotedAt) if (at < oldest) this.fixNotedAt.delete(id);
    for (const map of [this.fixStates, this.drivers, this.admins] as Array<Map<string, Cached<unknown>>>) {
      for (const [id, entry] of map) if (entry.at < oldest) map.delete(id);
    }
  }
}
