import type { LatLng } from '../lib/maps-link.ts';
import { unprocessable } from '../lib/http-errors.ts';
import type { MapsLinkResolver } from './maps-link-resolver.ts';

const NO_COORDINATES = 'Could not find coordinates in this link';

/** Coordinates from a maps link (a short Google link is followed, nothing else), or 422 saying why there are none. */
export async function coordinatesOf(resolver: MapsLinkResolver, link: string): Promise<LatLng> {
  const result = await resolver.resolve(link);
  if (result.ok) return result.location;
  if (result.reason === 'unreachable') {
    throw unprocessable(`${NO_COORDINATES}: the short link could not be followed. Open it in a browser and paste the full address from its address bar.`);
  }
  if (result.reason === 'not-followed') throw unprocessable(`${NO_COORDINATES}: it does not lead to Google Maps`);
  throw unprocessable(NO_COORDINATES);
}
