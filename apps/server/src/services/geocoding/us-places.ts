import type { GeocodeResult } from './types.ts';
import { cityKey, parseUsAddress } from './us-address.ts';
import { US_STATES } from './us-states.ts';

/**
 * The bundled US table, so a US address with a ZIP gets coordinates with no network (design.md §6).
 *
 * Provenance and precision: the ZIP centroids are those of the `zipcodes` npm package (BSD licence; its data comes
 * from the federalgovernmentzipcodes.us list of about 42,000 US ZIP codes, each with one centroid to ~4 decimals).
 * A ZIP's point is that centroid: the middle of the ZIP area, typically within a few kilometres of a street address,
 * never the address itself. A city's point is the mean of its ZIP centroids, and a state's point the mean of all its
 * ZIP centroids (a 'where the addresses are' centre, which for a large state can be hundreds of kilometres from its
 * geographic centre). Military (APO/FPO) codes and codes without coordinates are left out. Good for a map marker and
 * the straight-line distances of the daily stats; not for routing.
 */
interface Place {
  lat: number;
  lng: number;
  name: string;
}
interface PlaceTable {
  zips: Map<string, Place & { state: string }>;
  cities: Map<string, Place>;
  states: Map<string, Place>;
}

const MILITARY = new Set(['AA', 'AE', 'AP']);
let loading: Promise<PlaceTable> | null = null;

/** Loaded on first use (the data is ~5 MB of JavaScript, ~0.3 s to parse), then kept for the process. */
export function loadPlaceTable(): Promise<PlaceTable> {
  loading ??= buildPlaceTable().catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}

async function buildPlaceTable(): Promise<PlaceTable> {
  const { default: zipcodes } = await import('zipcodes');
  const zips: PlaceTable['zips'] = new Map();
  const citySums = new Map<string, { lat: number; lng: number; n: number; name: string }>();
  const stateSums = new Map<string, { lat: number; lng: number; n: number }>();
  const add = <K>(map: Map<K, { lat: number; lng: number; n: number }>, key: K, lat: number, lng: number, extra: object) => {
    const sum = map.get(key) ?? { lat: 0, lng: 0, n: 0, ...extra };
    sum.lat += lat;
    sum.lng += lng;
    sum.n += 1;
    map.set(key, sum);
  };

  for (const record of Object.values(zipcodes.codes)) {
    const { zip, latitude: lat, longitude: lng, city, state } = record;
    if (record.country !== 'US' || !/^\d{5}$/.test(zip) || MILITARY.has(state)) continue;
    if (!Number.isFinite(lat) || !Number.isFinite(lng) || (Math.abs(lat) < 0.5 && Math.abs(lng) < 0.5)) continue;
    zips.set(zip, { lat, lng, state, name: `${city}, ${state} ${zip}` });
    add(citySums, `${cityKey(city)}|${state}`, lat, lng, { name: `${city}, ${state}` });
    add(stateSums, state, lat, lng, {});
  }

  const round = (v: number) => Math.round(v * 1e4) / 1e4;
  const cities: PlaceTable['cities'] = new Map();
  for (const [key, s] of citySums) cities.set(key, { lat: round(s.lat / s.n), lng: round(s.lng / s.n), name: s.name });
  const states: PlaceTable['states'] = new Map();
  for (const [code, s] of stateSums) states.set(code, { lat: round(s.lat / s.n), lng: round(s.lng / s.n), name: US_STATES[code] ?? code });
  return { zips, cities, states };
}

/** Matches a US address against the bundled table: its ZIP, then 'City, ST', then its state; null when none matches. */
export async function lookupUsAddress(address: string): Promise<GeocodeResult | null> {
  const parts = parseUsAddress(address);
  if (!parts.zips.length && !parts.state) return null;
  const table = await loadPlaceTable();

  for (const zip of parts.zips) {
    const place = table.zips.get(zip);
    // A ZIP of another state than the one written is a house or suite number, not the ZIP.
    if (place && (!parts.state || parts.state === place.state)) return { lat: place.lat, lng: place.lng, displayName: place.name, source: 'zip-table' };
  }
  if (parts.city && parts.state) {
    const place = table.cities.get(`${cityKey(parts.city)}|${parts.state}`);
    if (place) return { lat: place.lat, lng: place.lng, displayName: place.name, source: 'city-table' };
  }
  if (parts.state) {
    const place = table.states.get(parts.state);
    if (place) return { lat: place.lat, lng: place.lng, displayName: place.name, source: 'state-table' };
  }
  return null;
}
