import { ERR } from '@cargo/shared';
import type { Kysely, Selectable } from 'kysely';
import type { Database, DevicesTable } from '../db/types.ts';
import { newId, newToken, sha256 } from '../lib/crypto.ts';
import { notFound } from '../lib/http-errors.ts';
import { nowIso } from '../lib/time.ts';

export interface Device {
  id: string;
  driverId: string;
  name: string;
  lastSeenAt: string | null;
  createdAt: string;
}

const present = ({ identifierHash: _hash, ...device }: Selectable<DevicesTable>): Device => device;

/** OsmAnd trackers registered to drivers (design.md §4); an identifier is stored only as its SHA-256. */
export class DeviceService {
  constructor(private readonly db: Kysely<Database>) {}

  /** Registers a device; answers its identifier in clear, which is never readable again. */
  async create(driverId: string, name: string): Promise<Device & { identifier: string }> {
    const driver = await this.db.selectFrom('drivers').select('id').where('id', '=', driverId).executeTakeFirst();
    if (!driver) throw notFound(ERR.driverNotFound);
    const identifier = newToken(24);
    const row = { id: newId(), driverId, name, identifierHash: sha256(identifier), lastSeenAt: null, createdAt: nowIso() };
    await this.db.insertInto('devices').values(row).execute();
    return { ...present(row), identifier };
  }

  /** Newest first. */
  async list(): Promise<Device[]> {
    const rows = await this.db.selectFrom('devices').selectAll().orderBy('createdAt', 'desc').orderBy('id').execute();
    return rows.map(present);
  }

  async remove(id: string): Promise<void> {
    const result = await this.db.deleteFrom('devices').where('id', '=', id).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw notFound(ERR.deviceNotFound);
  }

  /**
   * The device an OsmAnd request names, and marks it seen; undefined for an unknown identifier or a device whose
   * driver is deactivated (a deactivated driver's tracker stops moving anything).
   */
  async findByIdentifier(identifier: string): Promise<{ id: string; driverId: string } | undefined> {
    if (!identifier) return undefined;
    const device = await this.db
      .selectFrom('devices')
      .innerJoin('drivers', 'drivers.id', 'devices.driverId')
      .select(['devices.id', 'devices.driverId'])
      .where('devices.identifierHash', '=', sha256(identifier))
      .where('drivers.isActive', '=', 1)
      .executeTakeFirst();
    if (!device) return undefined;
    await this.db.updateTable('devices').set({ lastSeenAt: nowIso() }).where('id', '=', device.id).execute();
    return { id: device.id, driverId: device.driverId };
  }
}
