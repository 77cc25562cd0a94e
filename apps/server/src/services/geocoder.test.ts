import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/index.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { GeocodeCacheRepository } from '../repositories/geocode-cache.ts';
import { Geocoder } from './geocoder.ts';

let dir: string;
let handle: DatabaseHandle;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cargo-geocoder-'));
  handle = await openDatabase(join(dir, 'geo.db'));
  await migrateToLatest(handle.db, handle.dialect);
});
afterAll(async () => {
  await handle?.close();
  rmSync(dir, { recursive: true, force: true });
});

const near = (value: number | undefined, expected: number, tol: number) => expect(Math.abs((value ?? NaN) - expected)).toBeLessThan(tol);

describe('Geocoder without a provider (GEOCODER_URL unset): the bundled table, no network', () => {
  it('finds a US address by its ZIP', async () => {
    const g = new Geocoder({ cacheRepository: new GeocodeCacheRepository(handle.db) });
    const chicago = await g.geocode('233 S Wacker Dr, Chicago, IL 60606');
    expect(chicago).toMatchObject({ source: 'zip-table', displayName: 'Chicago, IL 60606' });
    near(chicago?.lat, 41.8789, 0.05);
    near(chicago?.lng, -87.6359, 0.05);
    const beverly = await g.geocode('9641 Sunset Blvd, Beverly Hills, CA 90210-1234');
    expect(beverly?.source).toBe('zip-table');
    near(beverly?.lat, 34.09, 0.05);
    near(beverly?.lng, -118.41, 0.05);
  });

  it('ignores a ZIP-like number of another state, then matches "City, ST", then the state', async () => {
    const g = new Geocoder({ cacheRepository: new GeocodeCacheRepository(handle.db) });
    // 12345 is Schenectady, NY: here it is a house number in Illinois.
    const springfield = await g.geocode('12345 Main St, Springfield, IL');
    expect(springfield).toMatchObject({ source: 'city-table', displayName: 'Springfield, IL' });
    near(springfield?.lat, 39.8, 0.3);
    near(springfield?.lng, -89.65, 0.3);
    const stLouis = await g.geocode('1 Market St, St. Louis, MO');
    expect(stLouis?.source).toBe('city-table');
    near(stLouis?.lat, 38.63, 0.2);
    const state = await g.geocode('Somewhere rural, Nowhereville, Kansas');
    expect(state).toMatchObject({ source: 'state-table', displayName: 'Kansas' });
    near(state?.lat, 38.5, 1.5);
    near(state?.lng, -98.3, 2);
  });

  it('answers null when nothing matches, and reverse-geocodes to coordinates to 4 decimals', async () => {
    const g = new Geocoder({ cacheRepository: new GeocodeCacheRepository(handle.db) });
    expect(await g.geocode('Somewhere in the hills of Narnia')).toBeNull();
    expect(await g.geocode('   ')).toBeNull();
    expect(await g.reverse(41.878912, -87.635934)).toBe('41.8789, -87.6359');
    expect(g.hasProvider).toBe(false);
  });
});

describe('Geocoder with a Nominatim-compatible provider', () => {
  let server: Server;
  let url: string;
  let requests: Array<{ path: string; query: URLSearchParams; at: number; userAgent: string | undefined }> = [];
  let status = 200;
  beforeAll(async () => {
    // A fake Nominatim on 127.0.0.1, standing in for the external service.
    server = createServer((req, res) => {
      const u = new URL(req.url ?? '/', 'http://127.0.0.1');
      requests.push({ path: u.pathname, query: u.searchParams, at: Date.now(), userAgent: req.headers['user-agent'] });
      res.statusCode = status;
      res.setHeader('content-type', 'application/json');
      if (u.pathname.endsWith('/reverse')) {
        res.end(JSON.stringify(u.searchParams.get('lat')?.startsWith('0') ? { error: 'Unable to geocode' } : { display_name: 'Willis Tower, Chicago' }));
        return;
      }
      const q = u.searchParams.get('q') ?? '';
      res.end(JSON.stringify(q.includes('Nowhere') ? [] : [{ lat: '48.8584', lon: '2.2945', display_name: `Found: ${q}` }]));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/nominatim`;
  });
  afterAll(async () => new Promise((resolve) => server?.close(resolve)));
  afterEach(() => {
    requests = [];
    status = 200;
  });

  it('asks the provider, caches the answer in the database (the second lookup makes no request), 1 request/s', async () => {
    const g = new Geocoder({ cacheRepository: new GeocodeCacheRepository(handle.db), providerUrl: url });
    const first = await g.geocode('Champ de Mars, 5 Av. Anatole France, Paris');
    expect(first).toEqual({ lat: 48.8584, lng: 2.2945, displayName: 'Found: Champ de Mars, 5 Av. Anatole France, Paris', source: 'provider' });
    expect(requests).toHaveLength(1);
    expect(requests[0]!.path).toBe('/nominatim/search');
    expect(requests[0]!.query.get('format')).toBe('jsonv2');
    expect(requests[0]!.userAgent).toMatch(/cargo-tracker/);

    // Same address, other spacing and case: from the cache, also for a new Geocoder (the cache is the database's).
    const again = await new Geocoder({ cacheRepository: new GeocodeCacheRepository(handle.db), providerUrl: url }).geocode('  champ de mars,  5 av. anatole france, paris ');
    expect(again).toMatchObject({ lat: 48.8584, source: 'provider' });
    expect(requests).toHaveLength(1);

    // Three new addresses at once: asked one after another, at least a second apart.
    await Promise.all(['A street 1', 'B street 2', 'C street 3'].map((a) => g.geocode(a)));
    expect(requests).toHaveLength(4);
    const times = requests.map((r) => r.at);
    for (let i = 2; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(1_000);
    // The first of these waited for the request before it too.
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(1_000);
  }, 15_000);

  it("falls back to the table when the provider knows nothing, and caches the provider's miss", async () => {
    const g = new Geocoder({ cacheRepository: new GeocodeCacheRepository(handle.db), providerUrl: url, provider: { minIntervalMs: 0 } });
    const result = await g.geocode('1 Nowhere Rd, Chicago, IL 60606');
    expect(result?.source).toBe('zip-table');
    await g.geocode('1 Nowhere Rd, Chicago, IL 60606');
    expect(requests).toHaveLength(1);
  });

  it('falls back to the table while the provider is down, and leaves it alone for a while', async () => {
    status = 503;
    const g = new Geocoder({ cacheRepository: new GeocodeCacheRepository(handle.db), providerUrl: url, provider: { minIntervalMs: 0 }, retryAfterFailureMs: 60_000 });
    const result = await g.geocode('400 Broad St, Seattle, WA 98109');
    expect(result?.source).toBe('zip-table');
    expect(requests).toHaveLength(1);
    status = 200;
    expect((await g.geocode('Another place, Denver, CO 80204'))?.source).toBe('zip-table');
    expect(requests).toHaveLength(1);
    // Nothing was cached from the failure: a fresh geocoder asks again.
    const fresh = new Geocoder({ cacheRepository: new GeocodeCacheRepository(handle.db), providerUrl: url, provider: { minIntervalMs: 0 } });
    expect((await fresh.geocode('400 Broad St, Seattle, WA 98109'))?.source).toBe('provider');
  });

  it('falls back to the table when the provider cannot be reached at all', async () => {
    const g = new Geocoder({ cacheRepository: new GeocodeCacheRepository(handle.db), providerUrl: 'http://127.0.0.1:9/', provider: { timeoutMs: 1_000 } });
    expect((await g.geocode('233 S Wacker Dr, Chicago, IL 60606'))?.source).toBe('zip-table');
    expect(await g.reverse(1.5, 2.5)).toBe('1.5000, 2.5000');
  });

  it("reverse-geocodes with the provider's name, cached, else coordinates to 4 decimals", async () => {
    const g = new Geocoder({ cacheRepository: new GeocodeCacheRepository(handle.db), providerUrl: url, provider: { minIntervalMs: 0 } });
    expect(await g.reverse(41.8789, -87.6359)).toBe('Willis Tower, Chicago');
    expect(await g.reverse(41.8789, -87.6359)).toBe('Willis Tower, Chicago');
    expect(await g.reverse(0.123456, 0.654321)).toBe('0.1235, 0.6543');
    expect(requests.filter((r) => r.path.endsWith('/reverse'))).toHaveLength(2);
  });
});
