import { ERR, type PickupRequestInputParsed, type PickupRequestStatus } from '@cargo/shared';
import type { PickupRequestRow } from '../db/types.ts';
import { newId } from '../lib/crypto.ts';
import { notFound } from '../lib/http-errors.ts';
import { nowIso } from '../lib/time.ts';
import type { Repositories } from '../repositories/index.ts';
import type { AuditActor } from './audit/audit-context.ts';
import { recordAudit } from './audit/audit-trail.ts';

export class PickupService {
  constructor(private readonly repos: Repositories) {}

  async create(input: PickupRequestInputParsed): Promise<PickupRequestRow> {
    const row: PickupRequestRow = { id: newId(), ...input, status: 'pending', eventSequence: 0, createdAt: nowIso() };
    await this.repos.transaction(async (trx) => {
      await trx.pickupRequests.insert(row);
      await trx.events.append({ type: 'pickup_request.created', subjectType: 'pickup_request', subjectId: row.id, data: { status: row.status }, occurredAt: row.createdAt });
    });
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

  /** The admin's list: by status and a search, newest first, a page of it when a limit is given (issue 20). */
  search(query: { q?: string | undefined; status?: string | undefined; limit?: number | undefined; offset?: number | undefined }) {
    return this.repos.pickupRequests.page({ q: query.q, status: query.status }, { limit: query.limit, offset: query.offset ?? 0 });
  }
}
