/** Business constants of spec §9 and design.md, written once. */
export const KMH_PER_MS = 3.6;
export const MPH_PER_MS = 2.237;
export const MS_PER_KNOT = 0.514444;
export const FEET_PER_METRE = 3.28084;
export const GPS_STALE_MS = 120_000;
export const GPS_STATUS_CHECK_MS = 5_000;
export const REFRESH_INTERVALS_MS = [5_000, 15_000, 30_000, 60_000] as const;
export const DEFAULT_REFRESH_MS = 15_000;
export const MAP_HEIGHT_PX = 500;
export const CUSTOMER_MAP_HEIGHT_PX = 600;
export const MAP_FIT_PADDING_PX = 50;
export const MAP_ZOOM_SINGLE = 12;
export const MAP_ZOOM_MULTI = 10;
/** Geographic middle of the contiguous US. */
export const US_CENTER = { lat: 39.8283, lng: -98.5795 } as const;
export const SERVICE_TYPES = ['Standard Delivery', 'Express Delivery', 'Overnight Delivery', 'Same Day Delivery'] as const;
export const DEFAULT_SERVICE_TYPE = 'Standard Delivery';
export const DEFAULT_STATUS = 'processing';
export const DEFAULT_CURRENT_LOCATION = 'Processing Center';
export const CLEAR_OLD_DAYS = [30, 7, 1] as const;
export const SHARE_LINK_HOURS = { min: 1, max: 8 } as const;
export const TOAST_DURATION_MS = 5_000;
export const RECENT_PACKAGES_MAX = 10;
export const RECENT_PACKAGES_STORAGE_KEY = 'recent_packages';
export const ADMIN_TOKEN_KEY = 'admin_token';
export const DRIVER_TOKEN_KEY = 'driver_token';
export const LIMITS = {
  trackingNumber: 50,
  reference: 100,
  name: 100,
  phone: 20,
  customerPhoneInput: 14,
  passwordMin: 6,
  address: 500,
  text: 1000,
} as const;
/** GPS fix filters (design.md §6). */
export const FIX_FILTERS = {
  maxFutureMs: 5 * 60_000,
  maxAccuracyM: 1_000,
  maxSpeedKmh: 250,
} as const;
/** Proximity alert radii (design.md §6). */
export const PROXIMITY = {
  approachingM: 5_000,
  arrivingM: 1_000,
  veryNearM: 200,
  rearmFactor: 1.3,
  routeFactor: 1.3,
  defaultSpeedKmh: 40,
} as const;
/** Signal bars from accuracy (design.md §6). */
export function signalBars(accuracyM: number | null | undefined): number | null {
  if (accuracyM == null || !Number.isFinite(accuracyM)) return null;
  if (accuracyM <= 10) return 4;
  if (accuracyM <= 30) return 3;
  if (accuracyM <= 100) return 2;
  return 1;
}
