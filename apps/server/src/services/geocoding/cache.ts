import { isoFromMs } from '../../lib/time.ts';
import type { GeocodeCacheRepository } from '../../repositories/geocode-cache.ts';

/** One provider answer; lat/lng null means the provider knew nothing for the query (a cached miss). */
export interface CachedAnswer {
  lat: number | null;
  lng: number | null;
  displayName: string | null;
}

export interface GeocodeCache {
  get(key: string): Promise<CachedAnswer | undefined>;
  set(key: string, answer: CachedAnswer): Promise<void>;
}

/** Provider answers are kept 30 days; a miss only a day, so a place the provider learns later is found. */
export const HIT_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const MISS_TTL_MS = 24 * 60 * 60 * 1000;

/** The provider's answers in the geocode_cache table, shared by every instance on the database. */
export class DbGeocodeCache implements GeocodeCache {
  constructor(
    private readonly repository: GeocodeCacheRepository,
    private readonly clock: () => number = Date.now,
  ) {}

  async get(key: string): Promise<CachedAnswer | undefined> {
    const row = await this.repository.find(key);
    if (!row) return undefined;
    const age = this.clock() - Date.parse(row.createdAt);
    const hit = row.lat !== null && row.lng !== null;
    if (age > (hit || row.displayName ? HIT_TTL_MS : MISS_TTL_MS)) return undefined;
    return { lat: row.lat === null ? null : Number(row.lat), lng: row.lng === null ? null : Number(row.lng), displayName: row.displayName };
  }

  async set(key: string, answer: CachedAnswer): Promise<void> {
    await this.repository.upsert({ query: key, ...answer, createdAt: isoFromMs(this.clock()) });
  }
}
