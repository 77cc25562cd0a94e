import {
  ERR,
  IMPORT_DRY_RUN_ERRORS,
  IMPORT_FIELDS,
  IMPORT_MSG,
  makeTrackingNumber,
  parseImportRow,
  type TrackingNumberFormat,
  type ImportDryRun,
  type ImportMode,
  type ImportOutcome,
  type ImportRow,
  type ImportRowResult,
  type PackageInputParsed,
} from '@cargo/shared';
import type { PackageImportLineRow, PackageImportRow, PackageRow } from '../../db/types.ts';
import { newId } from '../../lib/crypto.ts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import { isoFromMs, nowIso } from '../../lib/time.ts';
import { isUniqueViolation } from '../../repositories/errors.ts';
import type { AuditActor } from '../audit/audit-context.ts';
import type { Repositories } from '../../repositories/index.ts';
import type { ImportCounts, NewImportLine } from '../../repositories/package-imports.ts';
import type { PackageService, PreparedPackage } from '../packages.ts';

/** Rows written per transaction. */
const BATCH_SIZE = 200;
/** Report lines read per page of the CSV report. */
const REPORT_PAGE = 1000;
/** Tracking numbers looked up per query. */
const LOOKUP_CHUNK = 500;
/** How often a running import says it is alive, however long its batch takes (a provider geocodes one address a second). */
const HEARTBEAT_MS = 30_000;
/** A queued or running import that has not said so for this long was cut off (a restart, a crash): it is shown as failed. */
export const IMPORT_STALE_MS = 2 * 60_000;

export interface ImportRequest {
  fileName: string;
  mode: ImportMode;
  rows: ImportRow[];
  /** Rows without a tracking number get one in this format; their reference is then the key (decision 091). */
  trackingNumberFormat?: TrackingNumberFormat | null | undefined;
}

/** Stands in for a tracking number still to be made while the row is checked by the package schema. */
const TO_BE_MADE = 'TO-BE-MADE';
/** Tries at a tracking number that no package and no other row has, before the row fails. */
const MAKE_TRIES = 5;

/** What the import will do with one row, decided before anything is written. */
type PlannedRow =
  | { kind: 'create'; row: ImportRow; position: number; trackingNumber: string; input: PackageInputParsed; made?: boolean }
  | { kind: 'update'; row: ImportRow; position: number; trackingNumber: string; input: PackageInputParsed; existing: PackageRow }
  | { kind: 'skipped' | 'failed'; row: ImportRow; position: number; trackingNumber: string; message: string };

export interface ImportLog {
  error(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/**
 * CSV import of packages (issue 20, decision 066). Every row is checked with the Create tab's schema and its messages,
 * against the other rows of the file and against the packages already stored, before anything is written; then the
 * rows are written in batches, each batch in one transaction through the packages service (so each package gets its
 * first history entry, its points and its `package.created` event exactly as a typed one). A batch that fails is
 * written again row by row, so each row is written whole or reported, never half. Imports run one at a time, in this
 * process, after the upload has been answered; the job row carries their progress.
 */
export class PackageImportService {
  private queue: Promise<void> = Promise.resolve();
  private stopping = false;
  /** The imports this process holds, queued or running. */
  private readonly live = new Set<string>();
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(
    private readonly repos: Repositories,
    private readonly packages: PackageService,
    private readonly log: ImportLog,
  ) {}

  /** What an import of these rows would do; writes nothing. */
  async dryRun(request: ImportRequest): Promise<ImportDryRun> {
    const planned = await this.plan(request.rows, request.mode, request.trackingNumberFormat ?? null);
    const counts = { total: planned.length, created: 0, updated: 0, skipped: 0, failed: 0 };
    const problems: ImportRowResult[] = [];
    for (const p of planned) {
      counts[outcomeOf(p)] += 1;
      if ((p.kind === 'failed' || p.kind === 'skipped') && problems.length < IMPORT_DRY_RUN_ERRORS) {
        problems.push({ line: p.row.line, trackingNumber: p.trackingNumber, outcome: p.kind, message: p.message });
      }
    }
    return { dryRun: true, ...counts, problems };
  }

  /** Records the import and queues it; the caller answers at once (202) and the client polls `get`. */
  async start(request: ImportRequest, createdBy: string, actor: AuditActor): Promise<PackageImportRow> {
    const now = nowIso();
    const id = newId();
    await this.repos.packageImports.insert({
      id,
      fileName: request.fileName,
      mode: request.mode,
      status: 'queued',
      total: request.rows.length,
      error: null,
      createdBy,
      createdAt: now,
      updatedAt: now,
      finishedAt: null,
    });
    // Queued imports say they are alive too, so one waiting behind a long import is not taken for a dead one.
    this.live.add(id);
    this.heartbeat ??= setInterval(() => {
      for (const liveId of this.live) {
        this.repos.packageImports.touch(liveId, nowIso()).catch((err: unknown) => this.log.error({ err, importId: liveId }, 'package import heartbeat failed'));
      }
    }, HEARTBEAT_MS).unref();
    // From the next turn of the event loop: the 202 goes out before the first rows are checked.
    this.queue = this.queue.then(() => new Promise((resolve) => setImmediate(resolve))).then(() => this.run(id, request, actor));
    return (await this.repos.packageImports.findById(id))!;
  }

  /** An import by id, or 404. */
  async get(id: string): Promise<PackageImportRow> {
    await this.failStale();
    const row = await this.repos.packageImports.findById(id);
    if (!row) throw notFound(IMPORT_MSG.importNotFound);
    return row;
  }

  /** The import's lines in file order, a page at a time (for the CSV report). */
  async *reportPages(id: string): AsyncGenerator<PackageImportLineRow[]> {
    let after = -1;
    for (;;) {
      const page = await this.repos.packageImports.linesPage(id, after, REPORT_PAGE);
      if (page.length === 0) return;
      yield page;
      after = page[page.length - 1]!.position;
      if (page.length < REPORT_PAGE) return;
    }
  }

  /** Marks imports a dead process left queued or running as failed (at start, and whenever one is read). */
  async failStale(): Promise<void> {
    const now = Date.now();
    await this.repos.packageImports.failStale(isoFromMs(now - IMPORT_STALE_MS), IMPORT_MSG.interrupted, isoFromMs(now));
  }

  /** Resolves when every queued import has finished (tests, shutdown). */
  idle(): Promise<void> {
    return this.queue;
  }

  /** Stops after the batch being written; the import is marked failed with the restart message. */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.queue;
  }

  private async run(id: string, request: ImportRequest, actor: AuditActor): Promise<void> {
    try {
      if (this.stopping) throw new Stopped();
      await this.repos.packageImports.setStatus(id, 'running', nowIso());
      const planned = await this.plan(request.rows, request.mode, request.trackingNumberFormat ?? null);
      for (let i = 0; i < planned.length; i += BATCH_SIZE) {
        if (this.stopping) throw new Stopped();
        await this.writeBatch(id, planned.slice(i, i + BATCH_SIZE), actor, request.fileName);
        // Let requests (the progress polls) in between batches.
        await new Promise((resolve) => setImmediate(resolve));
      }
      const now = nowIso();
      await this.repos.packageImports.setStatus(id, 'done', now, { finishedAt: now });
      this.log.info({ importId: id, rows: planned.length }, 'package import done');
    } catch (err) {
      const stopped = err instanceof Stopped;
      if (!stopped) this.log.error({ err, importId: id }, 'package import failed');
      const now = nowIso();
      await this.repos.packageImports
        .setStatus(id, 'failed', now, { finishedAt: now, error: stopped ? IMPORT_MSG.interrupted : IMPORT_MSG.notWritten })
        .catch((e: unknown) => this.log.error({ err: e, importId: id }, 'package import status could not be saved'));
    } finally {
      this.live.delete(id);
      if (this.live.size === 0 && this.heartbeat) {
        clearInterval(this.heartbeat);
        this.heartbeat = null;
      }
    }
  }

  /**
   * Decides every row: its schema errors (spec §5 messages), a tracking number seen earlier in the file, or one that
   * exists already (skipped, or updated with the existing package's other fields kept). With `makeFormat`, a row
   * without a tracking number is keyed by its reference and customer (a shop's order number is unique only within
   * that shop): an existing package with both is that row's package; otherwise a new number is made (decision 091).
   */
  private async plan(rows: readonly ImportRow[], mode: ImportMode, makeFormat: TrackingNumberFormat | null): Promise<PlannedRow[]> {
    const planned: PlannedRow[] = [];
    const firstLine = new Map<string, number>();
    const firstReference = new Map<string, number>();
    rows.forEach((row, position) => {
      const rawTracking = row.values.trackingNumber?.trim() ?? '';
      const made = makeFormat !== null && rawTracking === '';
      const parsed = parseImportRow(made ? { ...row.values, trackingNumber: TO_BE_MADE } : row.values);
      if (!parsed.ok) {
        planned.push({ kind: 'failed', row, position, trackingNumber: rawTracking, message: parsed.message });
        return;
      }
      if (made) {
        const key = referenceKey(parsed.input);
        const earlier = key === null ? undefined : firstReference.get(key);
        if (earlier !== undefined) {
          planned.push({ kind: 'failed', row, position, trackingNumber: '', message: IMPORT_MSG.duplicateReferenceInFile(earlier) });
          return;
        }
        if (key !== null) firstReference.set(key, row.line);
        planned.push({ kind: 'create', row, position, trackingNumber: '', input: parsed.input, made: true });
        return;
      }
      const key = parsed.input.trackingNumber.toLowerCase();
      const earlier = firstLine.get(key);
      if (earlier !== undefined) {
        planned.push({ kind: 'failed', row, position, trackingNumber: parsed.input.trackingNumber, message: IMPORT_MSG.duplicateInFile(earlier) });
        return;
      }
      firstLine.set(key, row.line);
      planned.push({ kind: 'create', row, position, trackingNumber: parsed.input.trackingNumber, input: parsed.input });
    });

    const numbers = planned.filter((p) => p.kind === 'create' && !p.made).map((p) => p.trackingNumber);
    const existing = new Map<string, PackageRow>();
    for (let i = 0; i < numbers.length; i += LOOKUP_CHUNK) {
      for (const pkg of await this.repos.packages.findByTrackingNumbers(numbers.slice(i, i + LOOKUP_CHUNK))) existing.set(pkg.trackingNumber.toLowerCase(), pkg);
    }
    const references = [...new Set(planned.flatMap((p) => (p.kind === 'create' && p.made && p.input.reference ? [p.input.reference] : [])))];
    const byReference = new Map<string, PackageRow>();
    for (let i = 0; i < references.length; i += LOOKUP_CHUNK) {
      for (const pkg of await this.repos.packages.findByReferences(references.slice(i, i + LOOKUP_CHUNK))) {
        const key = referenceKey(pkg);
        if (key !== null && !byReference.has(key)) byReference.set(key, pkg);
      }
    }

    const decided = planned.map((p): PlannedRow => {
      if (p.kind !== 'create') return p;
      const found = p.made ? byReference.get(referenceKey(p.input) ?? '') : existing.get(p.trackingNumber.toLowerCase());
      if (!found) return p;
      if (mode === 'skip') {
        return { kind: 'skipped', row: p.row, position: p.position, trackingNumber: found.trackingNumber, message: p.made ? IMPORT_MSG.referenceTaken(found.trackingNumber) : ERR.trackingTaken };
      }
      const merged = mergedInput(found, p.row);
      if (!merged.ok) return { kind: 'failed', row: p.row, position: p.position, trackingNumber: found.trackingNumber, message: merged.message };
      return { kind: 'update', row: p.row, position: p.position, trackingNumber: found.trackingNumber, input: merged.input, existing: found };
    });
    if (makeFormat !== null) await this.makeTrackingNumbers(decided, makeFormat, new Set(numbers.map((n) => n.toLowerCase())));
    return decided;
  }

  /** Gives each new row that has no tracking number one in `format` that no package and no other row of the file has. */
  private async makeTrackingNumbers(planned: PlannedRow[], format: TrackingNumberFormat, inFile: Set<string>): Promise<void> {
    let waiting = planned.filter((p): p is Extract<PlannedRow, { kind: 'create' }> => p.kind === 'create' && p.made === true);
    for (let attempt = 0; attempt < MAKE_TRIES && waiting.length > 0; attempt += 1) {
      for (const p of waiting) {
        let number = makeTrackingNumber(format);
        while (inFile.has(number.toLowerCase())) number = makeTrackingNumber(format);
        inFile.add(number.toLowerCase());
        p.trackingNumber = number;
        p.input = { ...p.input, trackingNumber: number };
        p.row = { ...p.row, values: { ...p.row.values, trackingNumber: number } };
      }
      const taken = new Set<string>();
      for (let i = 0; i < waiting.length; i += LOOKUP_CHUNK) {
        for (const pkg of await this.repos.packages.findByTrackingNumbers(waiting.slice(i, i + LOOKUP_CHUNK).map((p) => p.trackingNumber))) taken.add(pkg.trackingNumber.toLowerCase());
      }
      waiting = waiting.filter((p) => taken.has(p.trackingNumber.toLowerCase()));
    }
    // A format whose numbers are all taken (DELIVERY + 6 digits on a busy day): the row says so rather than loop.
    for (const p of waiting) {
      const index = planned.indexOf(p);
      planned[index] = { kind: 'failed', row: p.row, position: p.position, trackingNumber: p.trackingNumber, message: ERR.trackingTaken };
    }
  }

  /**
   * One batch: updates through the service (each its own transaction, with its history and events), then the new
   * packages and every line's result in one transaction; if that fails, each new package alone.
   */
  private async writeBatch(importId: string, batch: readonly PlannedRow[], actor: AuditActor, fileName: string): Promise<void> {
    const lines: NewImportLine[] = [];
    const creates: Array<{ planned: PlannedRow; prepared: PreparedPackage }> = [];
    for (const p of batch) {
      if (p.kind === 'create') {
        try {
          creates.push({ planned: p, prepared: await this.packages.prepareCreate(p.input) });
        } catch (err) {
          lines.push(line(importId, p, 'failed', this.messageOf(err, p), null));
        }
      } else if (p.kind === 'update') {
        try {
          const updated = await this.packages.update(p.existing.id, p.input, actor);
          lines.push(line(importId, p, 'updated', null, updated.id));
        } catch (err) {
          lines.push(line(importId, p, 'failed', this.messageOf(err, p), null));
        }
      } else {
        lines.push(line(importId, p, p.kind, p.message, null));
      }
    }

    try {
      await this.repos.transaction(async (trx) => {
        for (const { prepared } of creates) await this.packages.writeCreated(trx, prepared, actor, fileName);
        const all = [...lines, ...creates.map(({ planned, prepared }) => line(importId, planned, 'created', null, prepared.row.id))];
        await trx.packageImports.insertLines(all);
        await trx.packageImports.addProgress(importId, countsOf(all), nowIso());
      });
      return;
    } catch (err) {
      if (creates.length === 0) throw err;
      this.log.info({ err, importId }, 'package import batch failed; writing its rows one by one');
    }

    // Row by row: each package with its line, or its line alone with the reason.
    for (const { planned, prepared } of creates) {
      try {
        await this.repos.transaction(async (trx) => {
          await this.packages.writeCreated(trx, prepared, actor, fileName);
          await trx.packageImports.insertLines([line(importId, planned, 'created', null, prepared.row.id)]);
          await trx.packageImports.addProgress(importId, { created: 1, updated: 0, skipped: 0, failed: 0 }, nowIso());
        });
      } catch (err) {
        lines.push(line(importId, planned, 'failed', this.messageOf(err, planned), null));
      }
    }
    await this.repos.transaction(async (trx) => {
      await trx.packageImports.insertLines(lines);
      await trx.packageImports.addProgress(importId, countsOf(lines), nowIso());
    });
  }

  /** A row's failure in words: the service's own message (409, 404), or a plain one for anything unexpected. */
  private messageOf(err: unknown, p: PlannedRow): string {
    if (err instanceof HttpError && err.statusCode < 500) return err.message;
    if (isUniqueViolation(err)) return ERR.trackingTaken;
    this.log.error({ err, line: p.row.line }, 'package import row could not be written');
    return IMPORT_MSG.notWritten;
  }
}

class Stopped extends Error {}

/** A shop's order as a key: its reference and its customer, without case; null without a reference. */
function referenceKey(pkg: { reference?: string | null | undefined; customerName: string }): string | null {
  const reference = pkg.reference?.trim().toLowerCase();
  return reference ? `${reference}\u0000${pkg.customerName.trim().toLowerCase()}` : null;
}

function outcomeOf(p: PlannedRow): ImportOutcome {
  return p.kind === 'create' ? 'created' : p.kind === 'update' ? 'updated' : p.kind;
}

function line(importId: string, p: PlannedRow, outcome: ImportOutcome, message: string | null, packageId: string | null): NewImportLine {
  return { importId, position: p.position, line: p.row.line, trackingNumber: p.trackingNumber, outcome, message, packageId, data: JSON.stringify(p.row.values) };
}

function countsOf(lines: readonly NewImportLine[]): ImportCounts {
  const counts: ImportCounts = { created: 0, updated: 0, skipped: 0, failed: 0 };
  for (const l of lines) counts[l.outcome as ImportOutcome] += 1;
  return counts;
}

/**
 * An update keeps what the file leaves blank: the existing package's fields, overlaid with the row's non-blank cells,
 * checked again by the same schema. The coordinates are not carried over (a changed address is geocoded again; an
 * unchanged one keeps its point, services/packages.ts), and the assigned driver stays.
 */
function mergedInput(existing: PackageRow, row: ImportRow): { ok: true; input: PackageInputParsed } | { ok: false; message: string } {
  const base: Record<string, string> = {
    trackingNumber: existing.trackingNumber,
    reference: existing.reference ?? '',
    status: existing.status,
    customerName: existing.customerName,
    customerPhone: existing.customerPhone,
    customerEmail: existing.customerEmail ?? '',
    pickupAddress: existing.pickupAddress,
    deliveryAddress: existing.deliveryAddress,
    estimatedDelivery: existing.estimatedDelivery,
    currentLocation: existing.currentLocation,
    serviceType: existing.serviceType,
    weight: existing.weight,
    dimensions: existing.dimensions,
    itemDescription: existing.itemDescription ?? '',
    driver: existing.driver ?? '',
    driverPhone: existing.driverPhone ?? '',
  };
  const values: Record<string, string> = { ...base };
  for (const field of IMPORT_FIELDS) {
    const value = row.values[field];
    if (value !== undefined && value.trim() !== '') values[field] = value;
  }
  const parsed = parseImportRow(values);
  if (!parsed.ok) return parsed;
  return { ok: true, input: { ...parsed.input, driverId: existing.driverId, realLocationLink: existing.realLocationLink } };
}
