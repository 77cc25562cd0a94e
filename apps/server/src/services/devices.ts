import { ERR } from '@cargo/shared';
import type { DeviceRow } from '../db/types.ts';
import { newId, newToken, sha256 } from '../lib/crypto.ts';
import { conflict, notFound } from '../lib/http-errors.ts';
import { isoFromMs, nowIso } from '../lib/time.ts';
import { isUniqueViolation } from '../repositories/errors.ts';
import type { Repositories } from '../repositories/index.ts';
import type { AuditActor } from './audit/audit-context.ts';
import { recordAudit } from './audit/audit-trail.ts';

export const DEVICE_IDENTIFIER_TAKEN = 'A device with this identifier is already registered';

/** A report that moved no position, kept with the reason (decision 017: the OsmAnd endpoint answers 200 to it). */
export interface UnusedPoint {
  lat: number | null;
  lng: number | null;
  accuracy: number | null;
  battery: number | null;
  reason: string;
  recordedAt: string;
}

/** OsmAnd trackers registered to drivers (design.md §4); an identifier is stored only as its SHA-256. */
export class DeviceService {
  constructor(private readonly repos: Repositories) {}

  /**
   * Registers a device with a given identifier (a hardware tracker's IMEI) or a generated one; answers the
   * identifier in clear, which is never readable again. A taken identifier is 409.
   */
  async create(driverId: string, name: string, actor: AuditActor, given?: string): Promise<{ device: DeviceRow; identifier: string }> {
    const driver = await this.repos.drivers.findById(driverId);
    if (!driver) throw notFound(ERR.driverNotFound);
    const identifier = given?.trim() || newToken(24);
    const device: DeviceRow = { id: newId(), driverId, name, identifierHash: sha256(identifier), lastSeenAt: null, lastBattery: null, createdAt: nowIso() };
    try {
      await this.repos.transaction(async (trx) => {
        await trx.devices.insert(device);
        await recordAudit(trx, { action: 'device.created', objectType: 'device', objectId: device.id, objectLabel: name, after: { driverId, name }, actor }, device.createdAt);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(DEVICE_IDENTIFIER_TAKEN);
      throw err;
    }
    return { device, identifier };
  }

  /** Newest first. */
  list(): Promise<DeviceRow[]> {
    return this.repos.devices.list();
  }

  async remove(id: string, actor: AuditActor): Promise<void> {
    await this.repos.transaction(async (trx) => {
      if (!(await trx.devices.delete(id))) throw notFound(ERR.deviceNotFound);
      await recordAudit(trx, { action: 'device.deleted', objectType: 'device', objectId: id, actor });
    });
  }

  /**
   * The device an OsmAnd request names; undefined for an unknown identifier or a device whose driver is deactivated
   * (a deactivated driver's tracker stops moving anything).
   */
  async findByIdentifier(identifier: string): Promise<{ id: string; driverId: string } | undefined> {
    if (!identifier) return undefined;
    const device = await this.repos.devices.findOfActiveDriver(sha256(identifier));
    return device ? { id: device.id, driverId: device.driverId } : undefined;
  }

  /** The device was heard from: its last contact, and its battery when it said. */
  recordContact(id: string, battery: number | null): Promise<void> {
    return this.repos.devices.recordContact(id, nowIso(), battery);
  }

  /**
   * Keeps a report that moved nothing, with the reason. Its time moves on by at least 1 ms from the previous one, so
   * two reports in one millisecond still list newest first (the id alone is random).
   */
  recordUnusedPoint(deviceId: string, point: UnusedPoint): Promise<void> {
    const now = Date.now();
    this.lastPointMs = now > this.lastPointMs ? now : this.lastPointMs + 1;
    return this.repos.devices.insertPoint({ id: newId(), deviceId, ...point, createdAt: isoFromMs(this.lastPointMs) });
  }

  private lastPointMs = 0;

  /** A device's newest unused reports, newest first (for the admin's diagnosis and the tests). */
  async unusedPoints(deviceId: string, limit = 20): Promise<UnusedPoint[]> {
    const rows = await this.repos.devices.listPoints(deviceId, limit);
    const num = (v: number | null) => (v == null ? null : Number(v));
    return rows.map((r) => ({ lat: num(r.lat), lng: num(r.lng), accuracy: num(r.accuracy), battery: num(r.battery), reason: r.reason, recordedAt: r.recordedAt }));
  }
}
