/**
 * Packages: lookups by id or tracking number, the admin's writes, status changes, hand-set locations.
 *
 * Status-change hook (for live subscribers): every status change — POST /api/packages/:id/status,
 * PATCH /api/packages/:id/status, and a PUT that changes the status — emits, after its transaction commits,
 *
 *     app.packages.events.on('status', (pkg: PackageRow, change: { previousStatus, entry }) => { … })
 *
 * where `pkg` is the package row as stored now (shape it with presenters/package.ts) and `entry` the history entry
 * just written. Likewise 'location' (pkg, record) after POST /api/packages/:id/location, and 'deleted' (ids) after
 * any delete. Listeners run synchronously; one that throws is logged and never fails the request.
 */
import { EventEmitter } from 'node:events';
import {
  autoCurrentLocation,
  CLOSED_MSG,
  ERR,
  isFinalForDriver,
  GPS_TEXT_PATTERN,
  isLiveStatus,
  NO_DRIVER,
  STATUS_LABELS,
  statusEventType,
  type PackageSortField,
  type LocationRecord,
  type LocationType,
  type PackageInputParsed,
  type PackageStatus,
  type StatusHistoryEntry,
} from '@cargo/shared';
import type { DriverRow, LocationRow, PackageRow, StatusHistoryRow } from '../db/types.ts';
import { newId } from '../lib/crypto.ts';
import { conflict, notFound } from '../lib/http-errors.ts';
import { isoFromMs } from '../lib/time.ts';
import type { PackageView } from '../policies/package-view.ts';
import { presentHistoryEntry, presentLocation } from '../presenters/package.ts';
import { isUniqueViolation } from '../repositories/errors.ts';
import type { Repositories } from '../repositories/index.ts';
import { locationRow, type EndpointType } from '../repositories/packages.ts';
import { formatCoordinates, type Geocoder } from './geocoder.ts';
import { earlyArrival } from './notifications/delivery-window.ts';
import type { AuditActor } from './audit/audit-context.ts';
import { recordAudit, recordAuditMany } from './audit/audit-trail.ts';
import type { PaymentService } from './payments/payment-service.ts';
import type { ArrivalWindowService } from './arrival-window/arrival-windows.ts';

export type { PackageRow } from '../db/types.ts';

export interface StatusChange {
  previousStatus: string;
  entry: StatusHistoryEntry;
}

export interface PackageEvents {
  status: [pkg: PackageRow, change: StatusChange];
  location: [pkg: PackageRow, record: LocationRecord];
  deleted: [ids: string[]];
}

export interface PackageListQuery {
  status?: PackageStatus | undefined;
  q?: string | undefined;
  /** A driver id, or NO_DRIVER for packages without one. */
  driverId?: string | undefined;
  /** 'true': only packages with a real location link; 'false': only those without. */
  hasLink?: 'true' | 'false' | undefined;
  sort?: PackageSortField | undefined;
  order?: 'asc' | 'desc' | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
}


export interface StatusUpdate {
  status: PackageStatus;
  location: string;
  description: string;
  timestamp?: string | undefined;
}

export interface LocationInput {
  lat: number;
  lng: number;
  type: LocationType;
  address: string | null;
}

/** Who set a location by hand: a driver's details go on the record. */
export interface LocationActor {
  driverName: string | null;
  driverPhone: string | null;
  vehicleId: string | null;
}

/** The history status of a delivery attempt (the package's own status does not change). */
export const ATTEMPT_HISTORY_STATUS = 'Delivery Attempted';

export const LIST_LIMIT_DEFAULT = 500;
export const LIST_LIMIT_MAX = 1000;

export class PackageService {
  readonly events = new EventEmitter<PackageEvents>();
  private lastMs = 0;

  constructor(
    private readonly repos: Repositories,
    private readonly geocoder: Geocoder,
    private readonly log?: { error(obj: object, msg: string): void },
    /** The ledger (issue 32): the amount due's entries, and the rule that a balance stops a delivery. */
    private readonly payments?: PaymentService,
  ) {}

  /**
   * The one-hour arrival window (issue 33 part 4, decision 111): set by the services plugin once the stop order
   * exists. A package set out for delivery starts a run whose first window its event (and so its message) carries.
   */
  arrivalWindows: ArrivalWindowService | null = null;

  /** A package by its id or its tracking number (trimmed, case-insensitive); undefined when none. */
  findByRef(ref: string): Promise<PackageRow | undefined> {
    return this.repos.packages.findByRef(ref);
  }

  /** The packages with these tracking numbers (case-insensitive), in the order given, and the numbers that match none. */
  async findByTrackingNumbers(numbers: readonly string[]): Promise<{ found: PackageRow[]; missing: string[] }> {
    const rows = await this.repos.packages.findByTrackingNumbers(numbers);
    const byKey = new Map(rows.map((row) => [row.trackingNumber.toLowerCase(), row]));
    const found: PackageRow[] = [];
    const missing: string[] = [];
    for (const number of numbers) {
      const row = byKey.get(number.toLowerCase());
      if (row) found.push(row);
      else missing.push(number);
    }
    return { found, missing };
  }

  /** As findByRef, or 404 'Package not found'. */
  async getByRef(ref: string): Promise<PackageRow> {
    const pkg = await this.findByRef(ref);
    if (!pkg) throw notFound(ERR.packageNotFound);
    return pkg;
  }

  /**
   * The admin's list: optionally by status, driver and a substring of tracking number, customer, addresses or driver
   * name; sorted (newest first by default, the id breaking ties so pages never overlap) and paged.
   */
  async list(query: PackageListQuery = {}): Promise<{ rows: PackageRow[]; total: number }> {
    const limit = Math.min(query.limit ?? LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX);
    const driverId = query.driverId === NO_DRIVER ? null : query.driverId;
    return this.repos.packages.list(
      { status: query.status, q: query.q, driverId, hasLink: query.hasLink === undefined ? undefined : query.hasLink === 'true' },
      { limit, offset: query.offset ?? 0 },
      { sort: query.sort ?? 'createdAt', order: query.order ?? 'desc' },
    );
  }

  /** Creates a package with its first history entry and its origin/destination points, in one transaction. */
  async create(input: PackageInputParsed, actor: AuditActor, also?: { pickupRequestId?: string; write?: (trx: Repositories, row: PackageRow) => Promise<void> }): Promise<PackageRow> {
    await this.assertTrackingFree(input.trackingNumber);
    const prepared = await this.prepareCreate(input);
    if (also?.pickupRequestId) prepared.row.pickupRequestId = also.pickupRequestId;
    await this.writeGuarded(async (trx) => {
      await this.writeCreated(trx, prepared, actor);
      // Another table's change that belongs with this package (a pickup request linked to it, issue 32).
      if (also?.write) await also.write(trx, prepared.row);
    });
    return prepared.row;
  }

  /**
   * The part of a create that reads (the driver, the geocoder) and builds the row, without writing: the CSV import
   * (services/package-import) prepares a batch this way and writes it with `writeCreated` in one transaction, so an
   * imported package is the same as a typed one. The tracking number is not checked here; the caller has, and the
   * unique index stops a race.
   */
  async prepareCreate(input: PackageInputParsed): Promise<PreparedPackage> {
    const driver = await this.driverFields(input);
    const [pickup, delivery] = await Promise.all([
      this.resolvePoint(input.pickupAddress, input.pickupLat, input.pickupLng),
      this.resolvePoint(input.deliveryAddress, input.deliveryLat, input.deliveryLng),
    ]);
    const now = this.tick();
    const row: PackageRow = {
      id: newId(),
      reference: null,
      ...inputFields(input, driver, pickup, delivery),
      realLocationLink: input.realLocationLink,
      proximityState: null,
      eventSequence: 0,
      amountDue: input.amountDue ?? null,
      pickupRequestId: null,
      createdAt: isoFromMs(now),
      updatedAt: isoFromMs(now),
    };
    return { row, status: input.status, pickup, delivery, now };
  }

  /**
   * Writes a prepared package (its row, its audit entry, first history entry, `package.created` event and points) in
   * `trx`. A package from a CSV import names the file in its audit entry ('package.imported', issue 31).
   */
  async writeCreated(trx: Repositories, { row, status, pickup, delivery, now }: PreparedPackage, actor: AuditActor, importedFrom?: string): Promise<void> {
    await trx.packages.insert(row);
    const audited = importedFrom === undefined ? { action: 'package.created', after: row } : { action: 'package.imported', after: { ...row, importedFrom } };
    await recordAudit(trx, { ...audited, objectType: 'package', objectId: row.id, objectLabel: row.trackingNumber, actor }, row.createdAt);
    await this.insertHistory(trx, row.id, status, row.currentLocation, 'Package created', now);
    await trx.events.append({ type: 'package.created', subjectType: 'package', subjectId: row.id, data: { trackingNumber: row.trackingNumber, status: row.status }, occurredAt: row.createdAt });
    await this.payments?.writeDue(trx, row, null, row.amountDue, actor);
    await this.replaceEndpoint(trx, row, 'origin', pickup, now);
    await this.replaceEndpoint(trx, row, 'destination', delivery, now);
  }

  /**
   * Replaces a package's fields (PUT). A changed address is geocoded again unless coordinates are given; a status
   * change appends a history entry. realLocationLink is kept when none is given (POST …/location-link removes it).
   */
  async update(ref: string, input: PackageInputParsed, actor: AuditActor): Promise<PackageRow> {
    const before = await this.getByRef(ref);
    await this.assertTrackingFree(input.trackingNumber, before.id);
    const driver = await this.driverFields(input);
    const [pickup, delivery] = await Promise.all([
      this.resolvePoint(input.pickupAddress, input.pickupLat, input.pickupLng, {
        address: before.pickupAddress,
        lat: before.pickupLat,
        lng: before.pickupLng,
      }),
      this.resolvePoint(input.deliveryAddress, input.deliveryLat, input.deliveryLng, {
        address: before.deliveryAddress,
        lat: before.deliveryLat,
        lng: before.deliveryLng,
      }),
    ]);
    const now = this.tick();
    const after: PackageRow = {
      ...before,
      ...inputFields(input, driver, pickup, delivery),
      realLocationLink: input.realLocationLink ?? before.realLocationLink,
      // Left out of the body, the amount stays (a client that does not know it never clears it).
      amountDue: input.amountDue === undefined ? before.amountDue : input.amountDue,
      updatedAt: isoFromMs(now),
    };
    const { id, createdAt: _createdAt, ...changes } = after;
    let entry: StatusHistoryEntry | null = null;
    await this.writeGuarded(async (trx) => {
      await trx.packages.update(id, changes);
      await recordAudit(trx, { action: 'package.updated', objectType: 'package', objectId: id, objectLabel: after.trackingNumber, before, after, actor }, after.updatedAt);
      await this.payments?.writeDue(trx, after, before.amountDue, after.amountDue, actor);
      if (after.status === 'delivered' && before.status !== 'delivered') await this.payments?.assertDeliverable(trx, after);
      if (before.status !== after.status) {
        entry = await this.insertHistory(trx, id, after.status as PackageStatus, after.currentLocation, `Status changed to ${label(after.status)}`, now);
        await this.appendStatusEvents(trx, before, after, now);
      }
      if (pointChanged(before, after, 'origin')) await this.replaceEndpoint(trx, after, 'origin', pickup, now);
      if (pointChanged(before, after, 'destination')) await this.replaceEndpoint(trx, after, 'destination', delivery, now);
    });
    if (entry) this.emit('status', after, { previousStatus: before.status, entry });
    return after;
  }

  /**
   * Assigns a package to a driver inside a transaction the caller owns (a committed day plan, issue 34): the same
   * columns as an assignment through PUT (driver id, name and phone from the driver's record), no status change, so no
   * history entry and no event. The caller writes the audit entry; changes reach the hot state when its transaction ends.
   */
  async assignWithin(trx: Repositories, pkg: PackageRow, driver: Pick<DriverRow, 'id' | 'name' | 'phone'>): Promise<PackageRow> {
    const changes = { driverId: driver.id, driver: driver.name, driverPhone: driver.phone, updatedAt: isoFromMs(this.tick()) };
    await trx.packages.update(pkg.id, changes);
    return { ...pkg, ...changes };
  }

  /** Deletes a package; its history, locations and share links go with it (foreign keys cascade). */
  async remove(ref: string, actor: AuditActor): Promise<void> {
    const pkg = await this.getByRef(ref);
    await this.repos.transaction(async (trx) => {
      await trx.packages.deleteByIds([pkg.id]);
      await recordAudit(trx, { action: 'package.deleted', objectType: 'package', objectId: pkg.id, objectLabel: pkg.trackingNumber, before: pkg, actor });
    });
    this.emit('deleted', [pkg.id]);
  }

  async batchDelete(ids: string[], actor: AuditActor): Promise<number> {
    const deleted = await this.repos.transaction(async (trx) => {
      const gone = await trx.packages.deleteByIds([...new Set(ids)]);
      await recordAuditMany(trx, gone.map((id) => ({ action: 'package.deleted', objectType: 'package', objectId: id, actor })));
      return gone;
    });
    if (deleted.length) this.emit('deleted', deleted);
    return deleted.length;
  }

  /** Deletes the packages created more than `daysOld` days ago. */
  async clearOld(daysOld: number, actor: AuditActor): Promise<number> {
    const cutoff = isoFromMs(Date.now() - daysOld * 24 * 60 * 60 * 1000);
    const deleted = await this.repos.transaction(async (trx) => {
      const gone = await trx.packages.deleteCreatedBefore(cutoff);
      await recordAuditMany(trx, gone.map((id) => ({ action: 'package.deleted', objectType: 'package', objectId: id, after: { createdBefore: cutoff }, actor })));
      return gone;
    });
    if (deleted.length) this.emit('deleted', deleted);
    return deleted.length;
  }

  /** Status history, oldest first. */
  history(packageId: string): Promise<StatusHistoryRow[]> {
    return this.repos.packages.history(packageId);
  }

  /**
   * Location records, newest first. The public gets the origin, the destination and only the newest 'current' fix,
   * and that fix only while the package is in transit or out for delivery (design.md §4); the assigned driver and an
   * admin get every record. Origin and destination are made from the package's coordinates when it has no record of
   * that type.
   */
  async locations(pkg: PackageRow, view: PackageView): Promise<LocationRow[]> {
    const rows: LocationRow[] = [];
    if (view !== 'public') {
      rows.push(...(await this.repos.packages.locations(pkg.id)));
    } else {
      const types: LocationType[] = isLiveStatus(pkg.status) ? ['origin', 'destination', 'current'] : ['origin', 'destination'];
      const newest = await Promise.all(types.map((type) => this.repos.packages.newestLocation(pkg.id, type)));
      for (const row of newest) if (row) rows.push(row);
    }
    for (const type of ['origin', 'destination'] as const) {
      if (rows.some((r) => r.type === type)) continue;
      const made = endpointFromPackage(pkg, type);
      if (made) rows.push(made);
    }
    return rows.sort((a, b) => (a.recordedAt < b.recordedAt ? 1 : a.recordedAt > b.recordedAt ? -1 : 0));
  }

  /** Admin status update: a history entry as written (status as its label) and the package's status and location. */
  async addStatus(ref: string, update: StatusUpdate, actor: AuditActor): Promise<PackageRow> {
    const before = await this.getByRef(ref);
    const now = this.tick();
    const timestamp = update.timestamp ?? isoFromMs(now);
    return this.applyStatus(before, update.status, update.location, update.description, now, timestamp, actor);
  }

  /**
   * Driver dashboard status change: the history names who changed it; the location is the package's current one. A
   * driver's change to a closed delivery is refused (409, issue 31): only dispatch reopens it (`reopen`).
   */
  async changeStatus(ref: string, status: PackageStatus, by: string, actor: AuditActor, { byDriver = false }: { byDriver?: boolean } = {}): Promise<PackageRow> {
    const before = await this.getByRef(ref);
    if (byDriver) assertOpenForDriver(before);
    return this.changeStatusOf(before, status, `Status changed to ${label(status)} by ${by}`, actor);
  }

  /**
   * Dispatch reopens a closed delivery (issue 31, decision 087): the package goes back to `status` with a public history
   * entry that names no reason, the audit entry 'package.reopened' carries the reason, and `alsoWrite` (the proof's
   * mark) runs in the same transaction. The outcome rows and files are kept. Only a closed package can be reopened.
   */
  async reopen(before: PackageRow, status: PackageStatus, reason: string, actor: AuditActor, alsoWrite?: (trx: Repositories) => Promise<void>): Promise<PackageRow> {
    if (!isFinalForDriver(before.status)) throw conflict(CLOSED_MSG.notClosed);
    const now = this.tick();
    const location = autoCurrentLocation(status, before.pickupAddress);
    return this.applyStatus(before, status, location, `Delivery reopened by dispatch: ${label(status)}`, now, isoFromMs(now), actor, alsoWrite, {
      action: 'package.reopened',
      after: { status, currentLocation: location, reason },
    });
  }

  /**
   * A delivery closed with its proof (issue 18: delivered to a person, or left without one): the same status change
   * as PATCH …/status to 'delivered', in one transaction with `writeProof` (the outcome row and its files' rows).
   * The place for the `package.delivered` event of the outbox: inside this transaction.
   */
  async recordDelivery(before: PackageRow, description: string, writeProof: (trx: Repositories) => Promise<void>, actor: AuditActor): Promise<PackageRow> {
    return this.changeStatusOf(before, 'delivered', description, actor, writeProof);
  }

  /**
   * A delivery attempt (issue 18): the package keeps its status and stays with dispatch to re-plan; the outcome row
   * (`writeProof`), a 'Delivery Attempted' history entry and the `package.attempted` event of the outbox (with the
   * reason, in words) are written in one transaction.
   */
  async recordAttempt(
    before: PackageRow,
    description: string,
    writeProof: (trx: Repositories) => Promise<void>,
    actor: AuditActor,
    reason: string | null = null,
  ): Promise<PackageRow> {
    const now = this.tick();
    const after: PackageRow = { ...before, updatedAt: isoFromMs(now) };
    const entry = await this.repos.transaction(async (trx) => {
      await writeProof(trx);
      await trx.packages.update(before.id, { updatedAt: after.updatedAt });
      await recordAudit(trx, { action: 'package.attempted', objectType: 'package', objectId: before.id, objectLabel: before.trackingNumber, after: { description, reason }, actor });
      const row: StatusHistoryRow = {
        id: newId(),
        packageId: before.id,
        status: ATTEMPT_HISTORY_STATUS,
        location: before.currentLocation,
        description,
        timestamp: isoFromMs(now),
        createdAt: isoFromMs(now),
      };
      await trx.packages.insertHistory(row);
      await trx.events.append({
        type: 'package.attempted',
        subjectType: 'package',
        subjectId: before.id,
        data: { trackingNumber: before.trackingNumber, status: before.status, reason },
        occurredAt: isoFromMs(now),
      });
      return presentHistoryEntry(row);
    });
    this.emit('status', after, { previousStatus: before.status, entry });
    return after;
  }

  private changeStatusOf(before: PackageRow, status: PackageStatus, description: string, actor: AuditActor, alsoWrite?: (trx: Repositories) => Promise<void>): Promise<PackageRow> {
    const now = this.tick();
    // The driver's coordinates leave the public text once the package is no longer on its way (design.md §4).
    const location =
      GPS_TEXT_PATTERN.test(before.currentLocation) && !isLiveStatus(status)
        ? autoCurrentLocation(status, before.pickupAddress)
        : before.currentLocation;
    return this.applyStatus(before, status, location, description, now, isoFromMs(now), actor, alsoWrite);
  }

  /** A position set by hand: stored as a record; 'current' also moves the package's current-location text. */
  async addLocation(ref: string, input: LocationInput, actor: LocationActor | null, auditActor: AuditActor): Promise<LocationRow> {
    const pkg = await this.getByRef(ref);
    const now = this.tick();
    const address = input.address ?? formatCoordinates(input.lat, input.lng, 6);
    const row = locationRow({
      packageId: pkg.id,
      lat: input.lat,
      lng: input.lng,
      type: input.type,
      address,
      driverName: actor?.driverName ?? null,
      driverPhone: actor?.driverPhone ?? null,
      vehicleId: actor?.vehicleId ?? null,
      source: 'manual',
      recordedAt: isoFromMs(now),
      createdAt: isoFromMs(now),
    });
    const changes: Partial<PackageRow> = { updatedAt: isoFromMs(now) };
    if (input.type === 'current') changes.currentLocation = address;
    // An origin or destination set by hand is the package's pickup or delivery point from now on.
    if (input.type === 'origin') Object.assign(changes, { pickupLat: input.lat, pickupLng: input.lng });
    if (input.type === 'destination') Object.assign(changes, { deliveryLat: input.lat, deliveryLng: input.lng });
    await this.repos.transaction(async (trx) => {
      await trx.packages.insertLocation(row);
      await trx.packages.update(pkg.id, changes);
      await recordAudit(trx, {
        action: 'package.location_set',
        objectType: 'package',
        objectId: pkg.id,
        objectLabel: pkg.trackingNumber,
        before: pkg,
        after: { ...pkg, ...changes, location: { type: input.type, lat: input.lat, lng: input.lng, address } },
        actor: auditActor,
      });
    });
    this.emit('location', { ...pkg, ...changes }, presentLocation(row));
    return row;
  }

  async setLocationLink(ref: string, link: string | null, actor: AuditActor): Promise<PackageRow> {
    const pkg = await this.getByRef(ref);
    const updatedAt = isoFromMs(this.tick());
    await this.repos.transaction(async (trx) => {
      await trx.packages.update(pkg.id, { realLocationLink: link, updatedAt });
      await recordAudit(trx, { action: 'package.updated', objectType: 'package', objectId: pkg.id, objectLabel: pkg.trackingNumber, before: pkg, after: { ...pkg, realLocationLink: link }, actor });
    });
    return { ...pkg, realLocationLink: link, updatedAt };
  }

  private async applyStatus(
    before: PackageRow,
    status: PackageStatus,
    location: string,
    description: string,
    now: number,
    timestamp: string,
    actor: AuditActor,
    /** Written in the same transaction (a delivery's proof). */
    alsoWrite?: (trx: Repositories) => Promise<void>,
    /** The audit entry's action and 'after' when they are not a plain status change (a reopen and its reason). */
    audit?: { action: string; after: Record<string, unknown> },
  ): Promise<PackageRow> {
    const after: PackageRow = { ...before, status, currentLocation: location, updatedAt: isoFromMs(now) };
    // Read before the transaction: the driver's stops in order and the ETA at this one (decision 111).
    const run = status === 'out_for_delivery' && before.status !== status && this.arrivalWindows ? await this.arrivalWindows.planRun(before, now) : null;
    const entry = await this.repos.transaction(async (trx) => {
      if (alsoWrite) await alsoWrite(trx);
      // Collected before unloading (design.md §12): asked after what `alsoWrite` wrote (a payment taken at the door).
      if (status === 'delivered' && before.status !== 'delivered') await this.payments?.assertDeliverable(trx, before);
      await trx.packages.update(before.id, { status, currentLocation: location, updatedAt: after.updatedAt });
      await recordAudit(trx, {
        action: audit?.action ?? (before.status === status ? 'package.status_added' : 'package.status_changed'),
        objectType: 'package',
        objectId: before.id,
        objectLabel: before.trackingNumber,
        before: { status: before.status, currentLocation: before.currentLocation },
        after: audit?.after ?? { status, currentLocation: location, description },
        actor,
      });
      const written = await this.insertHistory(trx, before.id, status, location, description, now, timestamp);
      if (run) await this.arrivalWindows!.startRun(trx, run);
      if (before.status !== status) await this.appendStatusEvents(trx, before, after, now, run?.eventData);
      return written;
    });
    this.emit('status', after, { previousStatus: before.status, entry });
    return after;
  }

  /**
   * The outbox events of a status change, in its transaction (decision 046): `package.{status}`, and
   * `package.eta_changed` when the package is set out for delivery before the first day of its delivery window in the
   * recipient's zone (the advance notice the summary card promises).
   * A package set out for delivery also carries its first one-hour arrival window when it has one (decision 111).
   */
  private async appendStatusEvents(trx: Repositories, before: PackageRow, after: PackageRow, now: number, extra: Record<string, unknown> = {}): Promise<void> {
    const type = statusEventType(after.status);
    if (!type) return;
    const occurredAt = isoFromMs(now);
    const base = { trackingNumber: after.trackingNumber, status: after.status, previousStatus: before.status };
    await trx.events.append({ type, subjectType: 'package', subjectId: after.id, data: { ...base, ...extra }, occurredAt });
    if (after.status !== 'out_for_delivery') return;
    const early = earlyArrival(after, now);
    if (early) await trx.events.append({ type: 'package.eta_changed', subjectType: 'package', subjectId: after.id, data: { ...base, ...early }, occurredAt });
  }

  private async insertHistory(
    trx: Repositories,
    packageId: string,
    status: PackageStatus,
    location: string,
    description: string,
    now: number,
    timestamp: string = isoFromMs(now),
  ): Promise<StatusHistoryEntry> {
    const row: StatusHistoryRow = { id: newId(), packageId, status: label(status), location, description, timestamp, createdAt: isoFromMs(now) };
    await trx.packages.insertHistory(row);
    return presentHistoryEntry(row);
  }

  /** Drops the package's records of one endpoint type and writes the new point, when it is known. */
  private async replaceEndpoint(trx: Repositories, pkg: PackageRow, type: EndpointType, point: ResolvedPoint, now: number): Promise<void> {
    await trx.packages.deleteEndpoint(pkg.id, type);
    if (point.lat === null || point.lng === null) return;
    await trx.packages.insertLocation(
      locationRow({
        packageId: pkg.id,
        lat: point.lat,
        lng: point.lng,
        type,
        address: type === 'origin' ? pkg.pickupAddress : pkg.deliveryAddress,
        source: point.source ?? 'manual',
        recordedAt: isoFromMs(now),
        createdAt: isoFromMs(now),
      }),
    );
  }

  /**
   * Coordinates for a pickup or delivery point: given ones win (both needed); an unchanged address keeps the known
   * point; otherwise the address is geocoded. Unknown stays null: a point is never invented.
   */
  private async resolvePoint(
    address: string,
    lat: number | null | undefined,
    lng: number | null | undefined,
    previous?: { address: string; lat: number | null; lng: number | null },
  ): Promise<ResolvedPoint> {
    if (lat != null && lng != null) return { lat, lng, source: 'manual' };
    if (previous && previous.address === address && previous.lat !== null && previous.lng !== null) {
      return { lat: previous.lat, lng: previous.lng, source: null };
    }
    const found = await this.geocoder.geocode(address);
    return found ? { lat: found.lat, lng: found.lng, source: 'geocoder' } : { lat: null, lng: null, source: null };
  }

  /** A given driver must exist; its name and phone fill what the body leaves out. */
  private async driverFields(input: PackageInputParsed): Promise<Pick<PackageRow, 'driverId' | 'driver' | 'driverPhone'>> {
    if (!input.driverId) return { driverId: null, driver: input.driver, driverPhone: input.driverPhone };
    const driver = await this.repos.drivers.findById(input.driverId);
    if (!driver) throw notFound(ERR.driverNotFound);
    return { driverId: driver.id, driver: input.driver ?? driver.name, driverPhone: input.driverPhone ?? driver.phone };
  }

  private async assertTrackingFree(trackingNumber: string, exceptId?: string): Promise<void> {
    const taken = await this.repos.packages.idOfTrackingNumber(trackingNumber);
    if (taken && taken !== exceptId) throw conflict(ERR.trackingTaken);
  }

  /** A write in one transaction; a tracking number taken by a concurrent writer is the same 409 as a checked one. */
  private async writeGuarded(work: (trx: Repositories) => Promise<void>): Promise<void> {
    try {
      await this.repos.transaction(work);
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(ERR.trackingTaken);
      throw err;
    }
  }

  private emit<K extends keyof PackageEvents>(event: K, ...args: PackageEvents[K]): void {
    try {
      (this.events.emit as (e: K, ...a: PackageEvents[K]) => boolean)(event, ...args);
    } catch (err) {
      this.log?.error({ err, event }, 'package event listener failed');
    }
  }

  /** Milliseconds that never repeat within the process, so entries written in one millisecond keep their order. */
  private tick(): number {
    const now = Date.now();
    this.lastMs = now > this.lastMs ? now : this.lastMs + 1;
    return this.lastMs;
  }
}

/** A package ready to be written by `writeCreated`. */
export interface PreparedPackage {
  row: PackageRow;
  status: PackageStatus;
  pickup: ResolvedPoint;
  delivery: ResolvedPoint;
  now: number;
}

interface ResolvedPoint {
  lat: number | null;
  lng: number | null;
  /** How the point was found; null when it was already known (or is unknown). */
  source: 'manual' | 'geocoder' | null;
}

/** A closed delivery is final for its driver (issue 31): 409 with the reason. */
export function assertOpenForDriver(pkg: PackageRow): void {
  if (isFinalForDriver(pkg.status)) throw conflict(CLOSED_MSG.finalForDriver(pkg.status));
}

function label(status: string): string {
  return STATUS_LABELS[status as PackageStatus] ?? status;
}

/**
 * An origin or destination point made from the package's own coordinates, for a package that has no location record
 * of that type. Null when the coordinates are unknown: a point is never invented.
 */
function endpointFromPackage(pkg: PackageRow, type: EndpointType): LocationRow | null {
  const lat = type === 'origin' ? pkg.pickupLat : pkg.deliveryLat;
  const lng = type === 'origin' ? pkg.pickupLng : pkg.deliveryLng;
  if (lat == null || lng == null) return null;
  return locationRow({
    // Stable and recognisable, so a client can key on it; never a database id.
    id: `${pkg.id}:${type}`,
    packageId: pkg.id,
    lat: Number(lat),
    lng: Number(lng),
    type,
    address: type === 'origin' ? pkg.pickupAddress : pkg.deliveryAddress,
    source: 'package',
    recordedAt: pkg.createdAt,
    createdAt: pkg.createdAt,
  });
}

function pointChanged(before: PackageRow, after: PackageRow, type: EndpointType): boolean {
  return type === 'origin'
    ? before.pickupAddress !== after.pickupAddress || before.pickupLat !== after.pickupLat || before.pickupLng !== after.pickupLng
    : before.deliveryAddress !== after.deliveryAddress || before.deliveryLat !== after.deliveryLat || before.deliveryLng !== after.deliveryLng;
}

/** The columns a create or a full update (PUT) takes from the request, the driver record and the resolved points. */
function inputFields(
  input: PackageInputParsed,
  driver: Pick<PackageRow, 'driverId' | 'driver' | 'driverPhone'>,
  pickup: { lat: number | null; lng: number | null },
  delivery: { lat: number | null; lng: number | null },
) {
  return {
    trackingNumber: input.trackingNumber,
    status: input.status,
    // Left out (undefined), an update keeps the stored reference (the Create/Edit form does not carry it).
    ...(input.reference === undefined ? {} : { reference: input.reference || null }),
    currentLocation: input.currentLocation,
    estimatedDelivery: input.estimatedDelivery,
    deliveryAddress: input.deliveryAddress,
    pickupAddress: input.pickupAddress,
    customerName: input.customerName,
    customerPhone: input.customerPhone,
    customerEmail: input.customerEmail,
    weight: input.weight,
    dimensions: input.dimensions,
    itemDescription: input.itemDescription,
    serviceType: input.serviceType,
    ...driver,
    pickupLat: pickup.lat,
    pickupLng: pickup.lng,
    deliveryLat: delivery.lat,
    deliveryLng: delivery.lng,
  };
}
