import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { isoTimestamp, latitude, longitude, optionalText } from './common.ts';

const optionalNumber = (min: number, max: number, message: string) =>
  z.coerce.number({ error: message }).min(min, message).max(max, message).nullish();

const fixFields = {
  lat: latitude,
  lng: longitude,
  accuracy: optionalNumber(0, 1_000_000, 'Invalid accuracy'),
  heading: optionalNumber(0, 360, 'Invalid heading'),
  altitude: optionalNumber(-1000, 100_000, 'Invalid altitude'),
  /** Battery level in percent (0-100) as the device reports it. */
  battery: optionalNumber(0, 100, 'Invalid battery level'),
  timestamp: isoTimestamp.optional(),
  address: optionalText(LIMITS.address),
};

/** POST /api/packages/{id}/gps: speed in m/s (design.md §6). */
export const gpsFixSchema = z.object({
  ...fixFields,
  speed: optionalNumber(0, 1000, 'Invalid speed'),
  driverName: optionalText(LIMITS.name),
  driverPhone: optionalText(LIMITS.phone),
  vehicleId: optionalText(100),
});
export type GpsFixInput = z.input<typeof gpsFixSchema>;

/** POST /api/tracking/live/{id}/update: speed in mph (spec §7). */
export const liveUpdateSchema = z.object({ ...fixFields, speed: optionalNumber(0, 2000, 'Invalid speed') });

/** POST /api/tracking/web-location: speed in m/s. */
export const webLocationSchema = z.object({
  ...fixFields,
  trackingId: z.string().trim().min(1, 'Tracking number is required').max(200),
  speed: optionalNumber(0, 1000, 'Invalid speed'),
});

/** The reply to an accepted fix; a rejected one is a 422 {message} naming the filter (design.md §5). */
export const fixResultSchema = z.object({
  success: z.literal(true),
  locationId: z.string(),
  /** False for a late fix from an offline queue: stored, but older than the current position. */
  movedCurrent: z.boolean(),
});
