import { ERR, type PackageInputParsed, type PickupRequestInputParsed, type PickupRequestStatus } from '@cargo/shared';
import type { PackageRow, PickupRequestRow } from '../db/types.ts';
import { newId } from '../lib/crypto.ts';
import { notFound } from '../lib/http-errors.ts';
import { nowIso } from '../lib/time.ts';
import type { Repositories } from '../repositories/index.ts';
import type { AuditActor } from './audit/audit-context.ts';
import { recordAudit } from './audit/audit-trail.ts';
import type { PackageService } from './packages.ts';

/** Thrown inside the transaction when another request linked the pickup request first: rolls the new package back. */
class AlreadyLinked extends Error {}

export class PickupService {
  constructor(
    private readonly repos: Repositories,
    /** Makes the package of a pickup request (issue 32): the same create as the Create tab's. */
    private readonly packages?: PackageService,
  ) {}

  async create(input: PickupRequestInputParsed): Promise<PickupRequestRow> {
    const row: PickupRequestRow = { id: newId(), ...input, status: 'pending', eventSequence: 0, packageId: null, createdAt: nowIso() };
    await this.repos.transaction(async (trx) => {
      await trx.pickupRequests.insert(row);
      await trx.events.append({ type: 'pickup_request.created', subjectType: 'pickup_request', subjectId: row.id, data: { status: row.status }, occurredAt: row.createdAt });
    });
    return row;
  }

  async get(id: string): Promise<PickupRequestRow> {
    const row = await this.repos.pickupRequests.findById(id);
    if (!row) throw notFound(ERR.pickupNotFound);
    return row;
  }

  /** Newest first. */
  list(): Promise<PickupRequestRow[]> {
    return this.repos.pickupRequests.list();
  }

  async setStatus(id: string, status: PickupRequestStatus, actor: AuditActor): Promise<PickupRequestRow> {
    const row = await this.repos.pickupRequests.findById(id);
    if (!row) throw notFound(ERR.pickupNotFound);
    await this.repos.transaction(async (trx) => {
      await trx.pickupRequests.setStatus(id, status);
      await recordAudit(trx, { action: 'pickup_request.status_changed', objectType: 'pickup_request', objectId: id, objectLabel: row.customerName, before: { status: row.status }, after: { status }, actor });
      if (status === 'confirmed' && row.status !== 'confirmed') {
        await trx.events.append({ type: 'pickup_request.confirmed', subjectType: 'pickup_request', subjectId: id, data: { status, previousStatus: row.status }, occurredAt: nowIso() });
      }
    });
    return { ...row, status };
  }

  /**
   * The admin's list: by status and a search, newest first, a page of it when a limit is given (issue 20); with the
   * tracking number of each request's package (issue 32).
   */
  async search(query: { q?: string | undefined; status?: string | undefined; limit?: number | undefined; offset?: number | undefined }) {
    const page = await this.repos.pickupRequests.page({ q: query.q, status: query.status }, { limit: query.limit, offset: query.offset ?? 0 });
    return { ...page, trackingNumbers: await this.trackingNumbersOf(page.rows) };
  }

  /** The linked packages' tracking numbers, by package id. */
  async trackingNumbersOf(rows: readonly PickupRequestRow[]): Promise<Map<string, string>> {
    const ids = rows.map((r) => r.packageId).filter((id): id is string => !!id);
    const packages = ids.length ? await this.repos.packages.findByIds(ids) : [];
    return new Map(packages.map((p) => [p.id, p.trackingNumber]));
  }

  /**
   * A booking becomes a package (issue 32, item 1): the package as the Create form filled from the request, linked
   * both ways, and the request set to confirmed, all in one transaction, so the customer's confirmation (the
   * `pickup_request.confirmed` event) can name the tracking number. A request makes one package: a second call
   * answers the one it made (`created: false`), even when two calls race (the link is written only where none is).
   */
  async createPackage(id: string, input: PackageInputParsed, actor: AuditActor): Promise<{ pkg: PackageRow; created: boolean }> {
    if (!this.packages) throw new Error('pickups: no packages service');
    const request = await this.repos.pickupRequests.findById(id);
    if (!request) throw notFound(ERR.pickupNotFound);
    const existing = await this.linkedPackage(request);
    if (existing) return { pkg: existing, created: false };
    try {
      const pkg = await this.packages.create(input, actor, {
        pickupRequestId: request.id,
        write: async (trx, row) => {
          if (!(await trx.pickupRequests.linkPackage(request.id, row.id))) throw new AlreadyLinked();
          await trx.pickupRequests.setStatus(request.id, 'confirmed');
          await recordAudit(trx, {
            action: 'pickup_request.package_created',
            objectType: 'pickup_request',
            objectId: request.id,
            objectLabel: request.customerName,
            before: { status: request.status, packageId: null },
            after: { status: 'confirmed', packageId: row.id, trackingNumber: row.trackingNumber },
            actor,
          });
          await trx.events.append({
            type: 'pickup_request.confirmed',
            subjectType: 'pickup_request',
            subjectId: request.id,
            data: { status: 'confirmed', previousStatus: request.status, packageId: row.id, trackingNumber: row.trackingNumber },
            occurredAt: nowIso(),
          });
        },
      });
      return { pkg, created: true };
    } catch (err) {
      if (!(err instanceof AlreadyLinked)) throw err;
      const made = await this.linkedPackage((await this.repos.pickupRequests.findById(id)) ?? request);
      if (!made) throw err;
      return { pkg: made, created: false };
    }
  }

  private async linkedPackage(request: PickupRequestRow): Promise<PackageRow | undefined> {
    return request.packageId ? this.repos.packages.findById(request.packageId) : undefined;
  }
}
