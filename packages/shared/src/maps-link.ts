/** Coordinates from a maps link, read the same way by the server and the admin page (browser-safe). */
export interface LatLng {
  lat: number;
  lng: number;
}

const NUMBER = String.raw`[-+]?\d{1,3}(?:\.\d+)?`;
/** The place itself in Google's data parameter; wins over the viewport centre after '@'. */
const DATA_PARAM = new RegExp(String.raw`!3d(${NUMBER})!4d(${NUMBER})`);
const AT_SIGN = new RegExp(String.raw`@(${NUMBER}),\s*(${NUMBER})`);
const PAIR = new RegExp(String.raw`^(?:loc:)?\s*(${NUMBER})\s*,\s*(${NUMBER})\b`);
/** Query parameters that may hold 'lat,lng', most specific first. */
const QUERY_KEYS = ['q', 'query', 'destination', 'daddr', 'll'];
function valid(lat: number, lng: number): LatLng | null {
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  if (lat < -90 || lat > 90 || lng < -180 || lng > 180) return null;
  return { lat, lng };
}

function fromMatch(match: RegExpMatchArray | null): LatLng | null {
  return match ? valid(Number(match[1]), Number(match[2])) : null;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Query parameters of the link, read leniently: a bare 'q=…' string or a full URL. */
function queryParams(link: string): URLSearchParams {
  try {
    return new URL(link).searchParams;
  } catch {
    const query = link.includes('?') ? link.slice(link.indexOf('?') + 1) : link;
    return new URLSearchParams(query);
  }
}

/**
 * Coordinates from a maps link: the '!3dLAT!4dLNG' data parameter, then 'q=', 'query=', 'destination=' or 'll='
 * holding 'lat,lng', then '@lat,lng' in the path. Null when the link carries none.
 */
export function parseMapsLink(link: string): LatLng | null {
  const text = safeDecode(link.trim());
  const data = fromMatch(text.match(DATA_PARAM));
  if (data) return data;
  const params = queryParams(link.trim());
  for (const key of QUERY_KEYS) {
    const value = params.get(key);
    const pair = value ? fromMatch(value.trim().match(PAIR)) : null;
    if (pair) return pair;
  }
  return fromMatch(text.match(AT_SIGN));
}

/** A short link (maps.app.goo.gl, goo.gl/maps, g.co) that only a redirect, that is the internet, turns into coordinates. */
export function isShortMapsLink(link: string): boolean {
  try {
    const url = new URL(link.trim());
    const host = url.hostname.toLowerCase();
    return host === 'maps.app.goo.gl' || host === 'g.co' || (host === 'goo.gl' && url.pathname.startsWith('/maps'));
  } catch {
    return false;
  }
}
