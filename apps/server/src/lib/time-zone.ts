import tzlookup from '@photostructure/tz-lookup';

/** The IANA time zone at a position, null where the lookup has none. */
export function timeZoneAt(lat: number, lng: number): string | null {
  try {
    return tzlookup(lat, lng);
  } catch {
    return null;
  }
}
