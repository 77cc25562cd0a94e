import type { DevicePointRow, DeviceRow } from '../db/types.ts';
import type { CountValue, Executor } from './executor.ts';
import { WriteOffload } from './offload.ts';

/** The devices table (identifiers stored only as their hash): the only code that queries it. */
export class DeviceRepository {
  constructor(
    private readonly db: Executor,
    private readonly offload: WriteOffload = new WriteOffload(),
  ) {}

  async insert(row: DeviceRow): Promise<void> {
    await this.db.insertInto('devices').values(row).execute();
  }

  /** Newest first. */
  list(): Promise<DeviceRow[]> {
    return this.db.selectFrom('devices').selectAll().orderBy('createdAt', 'desc').orderBy('id').execute();
  }

  /** True when a device was removed. */
  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('devices').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** The device with this identifier hash whose driver is active; undefined otherwise. */
  findOfActiveDriver(identifierHash: string): Promise<{ id: string; driverId: string } | undefined> {
    return this.db
      .selectFrom('devices')
      .innerJoin('drivers', 'drivers.id', 'devices.driverId')
      .select(['devices.id', 'devices.driverId'])
      .where('devices.identifierHash', '=', identifierHash)
      .where('drivers.isActive', '=', 1)
      .executeTakeFirst();
  }

  async markSeen(id: string, at: string): Promise<void> {
    await this.db.updateTable('devices').set({ lastSeenAt: at }).where('id', '=', id).execute();
  }

  /** The device was heard from at `at`; its battery too when it said. Off the event loop where it can be (offload.ts). */
  async recordContact(id: string, at: string, battery: number | null): Promise<void> {
    await this.offload.run(
      this.db
        .updateTable('devices')
        .set({ lastSeenAt: at, ...(battery == null ? {} : { lastBattery: battery }) })
        .where('id', '=', id),
    );
  }

  /** The device_points table: reports that moved nothing, with the reason (decision 017); off the event loop where it can be. */
  async insertPoint(row: DevicePointRow): Promise<void> {
    await this.offload.run(this.db.insertInto('devicePoints').values(row));
  }

  /** A device's newest unused points, newest first. */
  listPoints(deviceId: string, limit: number): Promise<DevicePointRow[]> {
    return this.db.selectFrom('devicePoints').selectAll().where('deviceId', '=', deviceId).orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(limit).execute();
  }

  async count(): Promise<number> {
    const row = await this.db.selectFrom('devices').select((eb) => eb.fn.countAll<CountValue>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
