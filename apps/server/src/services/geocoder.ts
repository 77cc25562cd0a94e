import type { GeocodeCacheRepository } from '../repositories/geocode-cache.ts';
import { DbGeocodeCache } from './geocoding/cache.ts';
import { NominatimProvider, type NominatimOptions } from './geocoding/nominatim.ts';
import type { GeocodeResult } from './geocoding/types.ts';
import { lookupUsAddress } from './geocoding/us-places.ts';

export type { GeocodeResult, GeocodeSource } from './geocoding/types.ts';

/**
 * Server-side geocoding (design.md §6): a Nominatim-compatible provider when GEOCODER_URL is set (cached in the
 * database, at most one request per second), and the bundled US ZIP/city/state table otherwise and whenever the
 * provider knows nothing or cannot be reached. Reverse geocoding falls back to the coordinates to 4 decimals.
 */
export interface GeocoderOptions {
  /** Where the provider's answers are kept (the geocode_cache table). */
  cacheRepository: GeocodeCacheRepository;
  /** GEOCODER_URL; unset means no network at all. */
  providerUrl?: string | undefined;
  provider?: Partial<Omit<NominatimOptions, 'baseUrl' | 'cache'>>;
  /** After a failed provider call, skip the provider this long, so package writes do not wait on a dead server. */
  retryAfterFailureMs?: number;
  log?: { warn(obj: object, msg: string): void };
}

export class Geocoder {
  private readonly provider: NominatimProvider | null;
  private readonly retryAfterFailureMs: number;
  private providerDownUntil = 0;

  constructor(private readonly options: GeocoderOptions) {
    this.provider = options.providerUrl
      ? new NominatimProvider({ ...options.provider, baseUrl: options.providerUrl, cache: new DbGeocodeCache(options.cacheRepository) })
      : null;
    this.retryAfterFailureMs = options.retryAfterFailureMs ?? 30_000;
  }

  get hasProvider(): boolean {
    return this.provider !== null;
  }

  /** Coordinates for an address: provider, then ZIP, then 'City, ST', then state; null when nothing matches. */
  async geocode(address: string): Promise<GeocodeResult | null> {
    const query = address.trim();
    if (!query) return null;
    const provider = this.usableProvider();
    if (provider) {
      try {
        const place = await provider.search(query);
        if (place) return { ...place, source: 'provider' };
      } catch (err) {
        this.providerFailed(err);
      }
    }
    return lookupUsAddress(query);
  }

  /** A name for a point: the provider's, or the coordinates to 4 decimals. */
  async reverse(lat: number, lng: number): Promise<string> {
    const provider = this.usableProvider();
    if (provider) {
      try {
        const name = await provider.reverse(lat, lng);
        if (name) return name;
      } catch (err) {
        this.providerFailed(err);
      }
    }
    return formatCoordinates(lat, lng, 4);
  }

  private usableProvider(): NominatimProvider | null {
    return this.provider && Date.now() >= this.providerDownUntil ? this.provider : null;
  }

  private providerFailed(err: unknown): void {
    this.providerDownUntil = Date.now() + this.retryAfterFailureMs;
    this.options.log?.warn({ err }, 'geocoding provider unavailable; using the bundled table');
  }
}

/** 'lat, lng' to a fixed number of decimals. */
export function formatCoordinates(lat: number, lng: number, decimals: number): string {
  return `${lat.toFixed(decimals)}, ${lng.toFixed(decimals)}`;
}
