/** The great-circle distance, written once for the server (proximity, ETA, fix filters, figures) and the web app. */

export interface LatLngPoint {
  lat: number;
  lng: number;
}

/** Mean Earth radius (IUGG). */
export const EARTH_RADIUS_M = 6_371_008.8;
/** The radius the public 'miles delivered' figure has always used. */
export const EARTH_RADIUS_MILES = 3958.8;

/** Haversine distance between two points, in the unit of `radius` (metres by default). */
export function greatCircleDistance(a: LatLngPoint, b: LatLngPoint, radius: number = EARTH_RADIUS_M): number {
  const toRad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = toRad(b.lat - a.lat);
  const dLng = toRad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * radius * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Great-circle distance in metres. */
export const distanceM = (a: LatLngPoint, b: LatLngPoint): number => greatCircleDistance(a, b, EARTH_RADIUS_M);

/** The text a package's current location takes from a fix: its address, or 'GPS: lat, lng' (spec §3). */
export const gpsLocationText = (lat: number, lng: number, address?: string | null): string =>
  address?.trim() ? address.trim() : `GPS: ${lat.toFixed(6)}, ${lng.toFixed(6)}`;
