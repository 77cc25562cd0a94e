import { ENDED_STATUSES, ERR } from '@cargo/shared';
import type { DriverRow, PackageRow } from '../db/types.ts';
import { hashSecret, newPin, verifySecret } from '../lib/crypto.ts';
import { conflict, notFound } from '../lib/http-errors.ts';
import { normalizePhone } from '../lib/phone.ts';
import { nowIso } from '../lib/time.ts';
import { isUniqueViolation } from '../repositories/errors.ts';
import { driverRow } from '../repositories/drivers.ts';
import type { Repositories } from '../repositories/index.ts';
import type { SessionService } from './sessions.ts';
import type { AuditActor } from './audit/audit-context.ts';
import { recordAudit } from './audit/audit-trail.ts';
import { driverCreator } from './share-links.ts';

export interface NewDriver {
  name: string;
  phone: string;
  email?: string | null;
  vehicleId?: string | null;
  pin?: string;
}

export interface DriverChanges {
  name?: string;
  phone?: string;
  email?: string | null;
  vehicleId?: string | null;
  isActive?: boolean;
}

/** 'TRUCK-' plus the last four characters of the phone (spec §3). */
export const defaultVehicleId = (phone: string): string => `TRUCK-${phone.slice(-4)}`;

/** Drivers: accounts with a PIN, their own position, their packages and route. */
export class DriverService {
  /** Told of every position the driver's own device reports (set by the fleet feed, services/fleet/). */
  onDriverMoved: ((move: { driverId: string; lat: number; lng: number; speed: null; heading: null; recordedAt: string }) => void) | null = null;

  constructor(
    private readonly repos: Repositories,
    private readonly sessions: SessionService,
  ) {}

  findById(id: string): Promise<DriverRow | undefined> {
    return this.repos.drivers.findById(id);
  }

  /** As findById, or 404 'Driver not found'. */
  async get(id: string): Promise<DriverRow> {
    const row = await this.repos.drivers.findById(id);
    if (!row) throw notFound(ERR.driverNotFound);
    return row;
  }

  async getByPhone(phone: string): Promise<DriverRow> {
    const row = await this.repos.drivers.findByPhone(normalizePhone(phone));
    if (!row) throw notFound(ERR.driverNotFound);
    return row;
  }

  /** Newest first. */
  list(): Promise<DriverRow[]> {
    return this.repos.drivers.list();
  }

  /** Creates a driver; answers it with its PIN in clear, which is never readable again. */
  async create(input: NewDriver, actor: AuditActor | 'self-registered'): Promise<{ driver: DriverRow; pin: string }> {
    const phone = normalizePhone(input.phone);
    if (await this.repos.drivers.findByPhone(phone)) throw conflict(ERR.phoneTaken);
    const pin = input.pin ?? newPin();
    const driver = driverRow({
      name: input.name,
      phone,
      email: input.email ?? null,
      vehicleId: input.vehicleId || defaultVehicleId(phone),
      pinHash: await hashSecret(pin),
      createdAt: nowIso(),
    });
    try {
      await this.repos.transaction(async (trx) => {
        await trx.drivers.insert(driver);
        await recordAudit(
          trx,
          {
            action: actor === 'self-registered' ? 'driver.registered' : 'driver.created',
            objectType: 'driver',
            objectId: driver.id,
            objectLabel: driver.name,
            after: driver,
            // The portal's own account: the new driver is its own actor.
            actor: actor === 'self-registered' ? { type: 'driver', id: driver.id, label: driver.name } : actor,
          },
          driver.createdAt,
        );
      });
    } catch (err) {
      // Two requests for one phone at once: the unique index decides.
      if (isUniqueViolation(err)) throw conflict(ERR.phoneTaken);
      throw err;
    }
    return { driver, pin };
  }

  /** The active driver for this phone and PIN, or null; always spends the time of one hash check. */
  async authenticate(phone: string, pin: string): Promise<DriverRow | null> {
    const row = await this.repos.drivers.findByPhone(normalizePhone(phone));
    const ok = await verifySecret(pin, row?.isActive ? row.pinHash : null);
    return ok && row ? row : null;
  }

  /** Edits a driver; a driver deactivated here is signed out everywhere at once. */
  async update(id: string, changes: DriverChanges, actor: AuditActor): Promise<DriverRow> {
    const row = await this.get(id);
    const set: Partial<DriverRow> = {};
    if (changes.name !== undefined) set.name = changes.name;
    if (changes.phone !== undefined) {
      const phone = normalizePhone(changes.phone);
      if (phone !== row.phone) {
        const other = await this.repos.drivers.findByPhone(phone);
        if (other && other.id !== id) throw conflict(ERR.phoneTaken);
        set.phone = phone;
      }
    }
    if (changes.email !== undefined) set.email = changes.email;
    if (changes.vehicleId !== undefined) set.vehicleId = changes.vehicleId || defaultVehicleId(set.phone ?? row.phone);
    if (changes.isActive !== undefined) set.isActive = changes.isActive ? 1 : 0;
    if (Object.keys(set).length > 0) {
      const action = set.isActive === undefined || set.isActive === row.isActive ? 'driver.updated' : set.isActive ? 'driver.activated' : 'driver.deactivated';
      try {
        await this.repos.transaction(async (trx) => {
          await trx.drivers.update(id, set);
          await recordAudit(trx, { action, objectType: 'driver', objectId: id, objectLabel: set.name ?? row.name, before: row, after: { ...row, ...set }, actor });
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(ERR.phoneTaken);
        throw err;
      }
    }
    const after = { ...row, ...set };
    if (!after.isActive) await this.endAccess(id);
    return after;
  }

  /** Sets a new PIN (the given one or a generated one), ends the driver's sessions, and answers the PIN in clear, once. */
  async resetPin(id: string, actor: AuditActor, pin?: string): Promise<string> {
    const row = await this.get(id);
    const next = pin ?? newPin();
    const pinHash = await hashSecret(next);
    await this.repos.transaction(async (trx) => {
      await trx.drivers.update(id, { pinHash });
      // The PIN itself is never recorded (nor its hash): the entry says only that it was reset, and whether it was chosen.
      await recordAudit(trx, { action: 'driver.pin_reset', objectType: 'driver', objectId: id, objectLabel: row.name, after: { chosenByAdmin: pin !== undefined, sessionsEnded: true }, actor });
    });
    await this.endAccess(id);
    return next;
  }

  /** Signs the driver out everywhere and revokes the share links it made (they carry its authority). */
  private async endAccess(id: string): Promise<void> {
    await this.sessions.revokeAllFor('driver', id);
    await this.repos.shareLinks.revokeCreatedBy(driverCreator(id), nowIso());
  }

  /** A position the driver's own device reported: the driver is online. */
  async reportLocation(id: string, lat: number, lng: number): Promise<DriverRow> {
    const row = await this.get(id);
    const set = { currentLat: lat, currentLng: lng, lastLocationUpdate: nowIso(), isOnline: 1 };
    await this.repos.drivers.update(id, set);
    this.onDriverMoved?.({ driverId: id, lat, lng, speed: null, heading: null, recordedAt: set.lastLocationUpdate });
    return { ...row, ...set };
  }

  /** A position an admin read off a shared maps link; it says nothing about the driver's device being online. */
  async setLocationFromLink(id: string, lat: number, lng: number, link: string, actor: AuditActor): Promise<DriverRow> {
    const row = await this.get(id);
    const set = { currentLat: lat, currentLng: lng, lastLocationUpdate: nowIso(), realLocationLink: link };
    await this.repos.transaction(async (trx) => {
      await trx.drivers.update(id, set);
      await recordAudit(trx, { action: 'driver.location_set', objectType: 'driver', objectId: id, objectLabel: row.name, before: row, after: { ...row, ...set }, actor });
    });
    return { ...row, ...set };
  }

  /** The packages assigned to the driver, newest first. */
  async packages(id: string): Promise<PackageRow[]> {
    await this.get(id);
    return this.repos.packages.listForDriver(id);
  }

  /** The driver and the packages still on its route (not ended): in the accepted stop order, then oldest assignment first. */
  async route(id: string): Promise<{ driver: DriverRow; packages: PackageRow[] }> {
    const driver = await this.get(id);
    const [packages, accepted] = await Promise.all([this.repos.packages.listForDriverExcept(id, ENDED_STATUSES), this.repos.routeStops.forDriver(id)]);
    const place = new Map(accepted.map((row) => [row.packageId, row.position]));
    packages.sort((a, b) => (place.get(a.id) ?? Number.MAX_SAFE_INTEGER) - (place.get(b.id) ?? Number.MAX_SAFE_INTEGER));
    return { driver, packages };
  }
}
