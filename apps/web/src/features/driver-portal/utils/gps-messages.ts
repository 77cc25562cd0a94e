import { DRIVER_TEXTS as T } from '../texts.ts';
import type { GeoErrorKind } from './geolocation.ts';

/** Which screen is tracking: each speaks the messages spec §8 gives it. */
export type TrackingScreen = 'portal' | 'dashboard' | 'simple' | 'older' | 'share';

/** The §8 title and message for a geolocation error on a screen (`oneOff`: a single position request). */
export function gpsErrorMessage(screen: TrackingScreen, kind: GeoErrorKind, oneOff = false): { title: string; message: string } {
  if (screen === 'share') {
    const message = { denied: T.shareDenied, unavailable: T.shareUnavailable, timeout: T.shareTimeout, other: T.shareUnknown }[kind];
    return { title: T.locationErrorTitle, message };
  }
  if (screen === 'older') return oneOff ? { title: T.locationErrorTitle, message: T.locationError } : { title: T.trackingErrorTitle, message: T.trackingError };
  const message = { denied: T.gpsDenied, unavailable: T.gpsUnavailable, timeout: T.gpsTimeout, other: T.gpsOther }[kind];
  return { title: T.gpsErrorTitle, message };
}
