import { ERR, type Driver, type Package } from '@cargo/shared';
import type { Kysely, Selectable } from 'kysely';
import type { Database, DriversTable, PackagesTable } from '../db/types.ts';
import { hashSecret, newId, newPin, verifySecret } from '../lib/crypto.ts';
import { conflict, notFound } from '../lib/http-errors.ts';
import { normalizePhone } from '../lib/phone.ts';
import { nowIso } from '../lib/time.ts';

/** A driver counts as online while its last position is at most this old; the stored flag alone goes stale. */
export const DRIVER_ONLINE_MS = 5 * 60_000;
/** Packages that are no longer on a driver's route. */
const FINISHED_STATUSES = ['delivered', 'cancelled', 'returned'];

type DriverRow = Selectable<DriversTable>;

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

/** The driver as the API shows it: never the PIN hash; online computed from the last position's age. */
export function presentDriver(row: DriverRow, now = Date.now()): Driver {
  const last = row.lastLocationUpdate ? Date.parse(row.lastLocationUpdate) : Number.NaN;
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    vehicleId: row.vehicleId,
    currentLat: row.currentLat,
    currentLng: row.currentLng,
    realLocationLink: row.realLocationLink,
    lastLocationUpdate: row.lastLocationUpdate,
    isActive: row.isActive === 1,
    isOnline: row.isOnline === 1 && Number.isFinite(last) && now - last <= DRIVER_ONLINE_MS,
    createdAt: row.createdAt,
  };
}

/** A package row as packageSchema (the internal proximity state stays inside). */
function presentPackage(row: Selectable<PackagesTable>): Package {
  const { proximityState: _internal, ...pkg } = row;
  return pkg;
}

/** 'TRUCK-' plus the last four characters of the phone (spec §3). */
export const defaultVehicleId = (phone: string): string => `TRUCK-${phone.slice(-4)}`;

function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

export class DriverService {
  constructor(private readonly db: Kysely<Database>) {}

  private findRow(id: string) {
    return this.db.selectFrom('drivers').selectAll().where('id', '=', id).executeTakeFirst();
  }

  private findRowByPhone(phone: string) {
    return this.db.selectFrom('drivers').selectAll().where('phone', '=', phone).executeTakeFirst();
  }

  private async require(id: string): Promise<DriverRow> {
    const row = await this.findRow(id);
    if (!row) throw notFound(ERR.driverNotFound);
    return row;
  }

  async findById(id: string): Promise<Driver | undefined> {
    const row = await this.findRow(id);
    return row && presentDriver(row);
  }

  async get(id: string): Promise<Driver> {
    return presentDriver(await this.require(id));
  }

  async getByPhone(phone: string): Promise<Driver> {
    const row = await this.findRowByPhone(normalizePhone(phone));
    if (!row) throw notFound(ERR.driverNotFound);
    return presentDriver(row);
  }

  /** Newest first. */
  async list(): Promise<Driver[]> {
    const rows = await this.db.selectFrom('drivers').selectAll().orderBy('createdAt', 'desc').orderBy('id').execute();
    const now = Date.now();
    return rows.map((row) => presentDriver(row, now));
  }

  /** Creates a driver; answers it with its PIN in clear, which is never readable again. */
  async create(input: NewDriver): Promise<Driver & { pin: string }> {
    const phone = normalizePhone(input.phone);
    if (await this.findRowByPhone(phone)) throw conflict(ERR.phoneTaken);
    const pin = input.pin ?? newPin();
    const row: DriverRow = {
      id: newId(),
      name: input.name,
      phone,
      email: input.email ?? null,
      vehicleId: input.vehicleId || defaultVehicleId(phone),
      pinHash: await hashSecret(pin),
      currentLat: null,
      currentLng: null,
      realLocationLink: null,
      lastLocationUpdate: null,
      isActive: 1,
      isOnline: 0,
      createdAt: nowIso(),
    };
    try {
      await this.db.insertInto('drivers').values(row).execute();
    } catch (err) {
      // Two requests for one phone at once: the unique index decides.
      if (isUniqueViolation(err)) throw conflict(ERR.phoneTaken);
      throw err;
    }
    return { ...presentDriver(row), pin };
  }

  /** The active driver for this phone and PIN, or null; always spends the time of one hash check. */
  async authenticate(phone: string, pin: string): Promise<Driver | null> {
    const row = await this.findRowByPhone(normalizePhone(phone));
    const ok = await verifySecret(pin, row?.isActive ? row.pinHash : null);
    return ok && row ? presentDriver(row) : null;
  }

  async update(id: string, changes: DriverChanges): Promise<Driver> {
    const row = await this.require(id);
    const set: Partial<DriverRow> = {};
    if (changes.name !== undefined) set.name = changes.name;
    if (changes.phone !== undefined) {
      const phone = normalizePhone(changes.phone);
      if (phone !== row.phone) {
        const other = await this.findRowByPhone(phone);
        if (other && other.id !== id) throw conflict(ERR.phoneTaken);
        set.phone = phone;
      }
    }
    if (changes.email !== undefined) set.email = changes.email;
    if (changes.vehicleId !== undefined) set.vehicleId = changes.vehicleId || defaultVehicleId(set.phone ?? row.phone);
    if (changes.isActive !== undefined) set.isActive = changes.isActive ? 1 : 0;
    if (Object.keys(set).length > 0) {
      try {
        await this.db.updateTable('drivers').set(set).where('id', '=', id).execute();
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(ERR.phoneTaken);
        throw err;
      }
    }
    return presentDriver({ ...row, ...set });
  }

  /** Sets a new PIN (the given one or a generated one) and answers it in clear, once. */
  async resetPin(id: string, pin?: string): Promise<string> {
    await this.require(id);
    const next = pin ?? newPin();
    await this.db
      .updateTable('drivers')
      .set({ pinHash: await hashSecret(next) })
      .where('id', '=', id)
      .execute();
    return next;
  }

  /** A position the driver's own device reported: the driver is online. */
  async reportLocation(id: string, lat: number, lng: number): Promise<Driver> {
    const row = await this.require(id);
    const set = { currentLat: lat, currentLng: lng, lastLocationUpdate: nowIso(), isOnline: 1 };
    await this.db.updateTable('drivers').set(set).where('id', '=', id).execute();
    return presentDriver({ ...row, ...set });
  }

  /** A position an admin read off a shared maps link; it says nothing about the driver's device being online. */
  async setLocationFromLink(id: string, lat: number, lng: number, link: string): Promise<Driver> {
    const row = await this.require(id);
    const set = { currentLat: lat, currentLng: lng, lastLocationUpdate: nowIso(), realLocationLink: link };
    await this.db.updateTable('drivers').set(set).where('id', '=', id).execute();
    return presentDriver({ ...row, ...set });
  }

  /** The packages assigned to the driver, newest first. */
  async packages(id: string): Promise<Package[]> {
    await this.require(id);
    const rows = await this.db
      .selectFrom('packages')
      .selectAll()
      .where('driverId', '=', id)
      .orderBy('createdAt', 'desc')
      .orderBy('id')
      .execute();
    return rows.map(presentPackage);
  }

  /** The driver's position and the stops of its unfinished packages, oldest assignment first. */
  async route(id: string) {
    const row = await this.require(id);
    const rows = await this.db
      .selectFrom('packages')
      .select([
        'id',
        'trackingNumber',
        'status',
        'customerName',
        'pickupAddress',
        'pickupLat',
        'pickupLng',
        'deliveryAddress',
        'deliveryLat',
        'deliveryLng',
      ])
      .where('driverId', '=', id)
      .where('status', 'not in', FINISHED_STATUSES)
      .orderBy('createdAt', 'asc')
      .orderBy('id')
      .execute();
    return {
      driver: {
        id: row.id,
        name: row.name,
        phone: row.phone,
        vehicleId: row.vehicleId,
        currentLat: row.currentLat,
        currentLng: row.currentLng,
        lastLocationUpdate: row.lastLocationUpdate,
      },
      stops: rows.map((p) => ({
        packageId: p.id,
        trackingNumber: p.trackingNumber,
        status: p.status,
        customerName: p.customerName,
        pickup: { address: p.pickupAddress, lat: p.pickupLat, lng: p.pickupLng },
        delivery: { address: p.deliveryAddress, lat: p.deliveryLat, lng: p.deliveryLng },
      })),
    };
  }
}

/** Sends one text message through the configured HTTP gateway: POST {to, message}; true on a 2xx answer. */
export async function sendSms(gatewayUrl: string, to: string, message: string, timeoutMs = 5_000): Promise<boolean> {
  try {
    const res = await fetch(gatewayUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to, message }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    await res.body?.cancel();
    return res.ok;
  } catch {
    return false;
  }
}
