import { ERR, type PickupRequestInputParsed, type PickupRequestStatus } from '@cargo/shared';
import type { PickupRequestRow } from '../db/types.ts';
import { newId } from '../lib/crypto.ts';
import { notFound } from '../lib/http-errors.ts';
import { nowIso } from '../lib/time.ts';
import type { Repositories } from '../repositories/index.ts';

export class PickupService {
  constructor(private readonly repos: Repositories) {}

  async create(input: PickupRequestInputParsed): Promise<PickupRequestRow> {
    const row: PickupRequestRow = { id: newId(), ...input, status: 'pending', createdAt: nowIso() };
    await this.repos.pickupRequests.insert(row);
    return row;
  }

  /** Newest first. */
  list(): Promise<PickupRequestRow[]> {
    return this.repos.pickupRequests.list();
  }

  async setStatus(id: string, status: PickupRequestStatus): Promise<PickupRequestRow> {
    const row = await this.repos.pickupRequests.findById(id);
    if (!row) throw notFound(ERR.pickupNotFound);
    await this.repos.pickupRequests.setStatus(id, status);
    return { ...row, status };
  }
}
