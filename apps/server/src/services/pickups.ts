import { ERR, type PickupRequest, type PickupRequestStatus } from '@cargo/shared';
import type { Kysely, Selectable } from 'kysely';
import type { Database, PickupRequestsTable } from '../db/types.ts';
import { newId } from '../lib/crypto.ts';
import { notFound } from '../lib/http-errors.ts';
import { nowIso } from '../lib/time.ts';

export interface NewPickupRequest {
  customerName: string;
  phone: string;
  email: string;
  originAddress: string;
  destinationAddress: string;
  itemDescription: string;
  specialInstructions: string | null;
}

const present = (row: Selectable<PickupRequestsTable>): PickupRequest => ({ ...row, status: row.status as PickupRequestStatus });

export class PickupService {
  constructor(private readonly db: Kysely<Database>) {}

  async create(input: NewPickupRequest): Promise<PickupRequest> {
    const row = { id: newId(), ...input, status: 'pending', createdAt: nowIso() };
    await this.db.insertInto('pickupRequests').values(row).execute();
    return present(row);
  }

  /** Newest first. */
  async list(): Promise<PickupRequest[]> {
    const rows = await this.db.selectFrom('pickupRequests').selectAll().orderBy('createdAt', 'desc').orderBy('id').execute();
    return rows.map(present);
  }

  async setStatus(id: string, status: PickupRequestStatus): Promise<PickupRequest> {
    const row = await this.db.selectFrom('pickupRequests').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound(ERR.pickupNotFound);
    await this.db.updateTable('pickupRequests').set({ status }).where('id', '=', id).execute();
    return present({ ...row, status });
  }
}
