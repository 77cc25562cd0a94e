import { nowIso } from '../lib/time.ts';
import type { Repositories } from '../repositories/index.ts';
import type { AuditActor } from './audit/audit-context.ts';
import { recordAudit } from './audit/audit-trail.ts';

export const CURRENT_LOCATION_SETTING = 'current_location';
export const REAL_LOCATION_SETTING = 'real_location';

export interface GlobalLocation {
  location: string | null;
  lat: number | null;
  lng: number | null;
  updatedAt: string | null;
}

export interface RealLocation {
  realLocationLink: string | null;
  timestamp: string | null;
}

/** Global key-value settings (spec §3), each value stored as JSON text. */
export class SettingsService {
  constructor(private readonly repos: Repositories) {}

  async read<T>(id: string): Promise<{ value: T; updatedAt: string } | undefined> {
    const row = await this.repos.settings.find(id);
    if (!row) return undefined;
    try {
      return { value: JSON.parse(row.value) as T, updatedAt: row.updatedAt };
    } catch {
      // A value not written by this service is treated as unset rather than failing every read.
      return undefined;
    }
  }

  /** Every write is a person's change of a setting: it is recorded in the audit log with the value before and after. */
  async write(id: string, value: unknown, actor: AuditActor): Promise<string> {
    const updatedAt = nowIso();
    const text = JSON.stringify(value);
    const before = await this.read<unknown>(id);
    await this.repos.transaction(async (trx) => {
      await trx.settings.upsert({ id, value: text, updatedAt });
      await recordAudit(trx, { action: 'setting.updated', objectType: 'setting', objectId: id, objectLabel: id, before: { value: before?.value ?? null }, after: { value }, actor }, updatedAt);
    });
    return updatedAt;
  }

  async currentLocation(): Promise<GlobalLocation> {
    const stored = await this.read<{ location?: unknown; lat?: unknown; lng?: unknown }>(CURRENT_LOCATION_SETTING);
    const v = stored?.value ?? {};
    const lat = typeof v.lat === 'number' ? v.lat : null;
    const lng = typeof v.lng === 'number' ? v.lng : null;
    return {
      location: typeof v.location === 'string' ? v.location : null,
      lat: lat !== null && lng !== null ? lat : null,
      lng: lat !== null && lng !== null ? lng : null,
      updatedAt: stored?.updatedAt ?? null,
    };
  }

  /** Coordinates are kept only as a pair. */
  async setCurrentLocation(actor: AuditActor, location: string, lat?: number | null, lng?: number | null): Promise<GlobalLocation> {
    const pair = lat != null && lng != null;
    const value = { location, lat: pair ? lat : null, lng: pair ? lng : null };
    const updatedAt = await this.write(CURRENT_LOCATION_SETTING, value, actor);
    return { ...value, updatedAt };
  }

  async realLocation(): Promise<RealLocation> {
    const stored = await this.read<{ realLocationLink?: unknown; timestamp?: unknown }>(REAL_LOCATION_SETTING);
    const v = stored?.value ?? {};
    return {
      realLocationLink: typeof v.realLocationLink === 'string' ? v.realLocationLink : null,
      timestamp: typeof v.timestamp === 'string' ? v.timestamp : null,
    };
  }

  async setRealLocation(actor: AuditActor, realLocationLink: string, timestamp?: string): Promise<RealLocation> {
    const value = { realLocationLink, timestamp: timestamp ?? nowIso() };
    await this.write(REAL_LOCATION_SETTING, value, actor);
    return value;
  }
}
