import type { CachedAnswer, GeocodeCache } from './cache.ts';

export interface NominatimOptions {
  /** GEOCODER_URL: the provider's base, e.g. https://nominatim.openstreetmap.org or a self-hosted instance. */
  baseUrl: string;
  cache: GeocodeCache;
  /** Nominatim's usage policy: at most one request per second, none in parallel. */
  minIntervalMs?: number;
  timeoutMs?: number;
  userAgent?: string;
  fetch?: typeof fetch;
}

export interface ProviderPlace {
  lat: number;
  lng: number;
  displayName: string;
}

/** The provider could not be asked (network, timeout, an error status): the caller falls back to the tables. */
export class ProviderUnavailableError extends Error {}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A Nominatim-compatible geocoder (`/search`, `/reverse`, JSON). Answers are cached in the database, so a repeated
 * address costs no request; requests go out one at a time, at least `minIntervalMs` apart (per process).
 */
export class NominatimProvider {
  private readonly base: URL;
  private readonly minIntervalMs: number;
  private readonly timeoutMs: number;
  private readonly userAgent: string;
  private readonly fetch: typeof fetch;
  private queue: Promise<unknown> = Promise.resolve();
  private lastRequestAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly options: NominatimOptions) {
    this.base = new URL(options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`);
    this.minIntervalMs = options.minIntervalMs ?? 1_000;
    this.timeoutMs = options.timeoutMs ?? 5_000;
    this.userAgent = options.userAgent ?? 'cargo-tracker/1.0 (server-side geocoding)';
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  /** The best match for an address, or null when the provider knows none. Throws ProviderUnavailableError. */
  async search(address: string): Promise<ProviderPlace | null> {
    const key = `search:${address.trim().toLowerCase().replace(/\s+/g, ' ')}`;
    const answer = await this.cached(key, async () => {
      const body = await this.request('search', { q: address.trim(), format: 'jsonv2', limit: '1' });
      const first = Array.isArray(body) ? (body[0] as Record<string, unknown> | undefined) : undefined;
      const lat = Number(first?.lat);
      const lng = Number(first?.lon);
      if (!first || !Number.isFinite(lat) || !Number.isFinite(lng)) return { lat: null, lng: null, displayName: null };
      return { lat, lng, displayName: typeof first.display_name === 'string' ? first.display_name : address.trim() };
    });
    if (answer.lat === null || answer.lng === null) return null;
    return { lat: answer.lat, lng: answer.lng, displayName: answer.displayName ?? address.trim() };
  }

  /** The provider's name for a point, or null when it has none. Throws ProviderUnavailableError. */
  async reverse(lat: number, lng: number): Promise<string | null> {
    const key = `reverse:${lat.toFixed(5)},${lng.toFixed(5)}`;
    const answer = await this.cached(key, async () => {
      const body = (await this.request('reverse', { lat: String(lat), lon: String(lng), format: 'jsonv2' })) as Record<string, unknown> | null;
      const name = body && typeof body.display_name === 'string' ? body.display_name : null;
      return { lat: name ? lat : null, lng: name ? lng : null, displayName: name };
    });
    return answer.displayName;
  }

  private async cached(key: string, ask: () => Promise<CachedAnswer>): Promise<CachedAnswer> {
    const hit = await this.options.cache.get(key);
    if (hit) return hit;
    return this.oneAtATime(async () => {
      // Another caller may have asked the same while this one waited for its turn.
      const again = await this.options.cache.get(key);
      if (again) return again;
      const wait = this.lastRequestAt + this.minIntervalMs - Date.now();
      if (wait > 0) await sleep(wait);
      let answer: CachedAnswer;
      try {
        answer = await ask();
      } finally {
        // Spaced from the end of the previous call, so the provider sees at most one request a second.
        this.lastRequestAt = Date.now();
      }
      await this.options.cache.set(key, answer);
      return answer;
    });
  }

  /** Provider calls run one after another, never in parallel. */
  private oneAtATime<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async request(path: 'search' | 'reverse', params: Record<string, string>): Promise<unknown> {
    const url = new URL(path, this.base);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    let res: Response;
    try {
      res = await this.fetch(url, {
        headers: { 'user-agent': this.userAgent, accept: 'application/json', 'accept-language': 'en' },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      throw new ProviderUnavailableError(`geocoder unreachable: ${(err as Error).message}`);
    }
    if (!res.ok) throw new ProviderUnavailableError(`geocoder answered ${res.status}`);
    try {
      return await res.json();
    } catch {
      throw new ProviderUnavailableError('geocoder answered something other than JSON');
    }
  }
}
