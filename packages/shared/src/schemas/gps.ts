import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { isoTimestamp, latitude, longitude, numberInput, optionalText } from './common.ts';

const optionalNumber = (min: number, max: number, message: string) =>
  numberInput(z.number({ error: message }).min(min, message).max(max, message), message).nullish();

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

/** The most fixes one batch request carries (an hour in a tunnel at one fix every 10 s is 360). */
export const FIX_BATCH_MAX = 500;

/**
 * One fix from a driver's offline queue: its device time is required (it says when the driver was there), speed in
 * m/s; `packageId` (id or tracking number) names the package it was taken for, absent for the driver's own position.
 */
export const queuedFixSchema = z.object({
  ...fixFields,
  timestamp: isoTimestamp,
  speed: optionalNumber(0, 1000, 'Invalid speed'),
  packageId: z.string().trim().min(1).max(200).nullish(),
});
export type QueuedFix = z.input<typeof queuedFixSchema>;

/**
 * POST /api/drivers/{id}/fixes: the body's shape only; each fix is validated on its own (queuedFixSchema) so one bad
 * fix does not refuse the others.
 */
export const fixBatchSchema = z.object({
  fixes: z
    .array(z.object({}).loose(), { error: 'fixes must be a list' })
    .min(1, 'At least one fix is required')
    .max(FIX_BATCH_MAX, `At most ${FIX_BATCH_MAX} fixes per request`),
});

/** The result of one fix of a batch, in the order sent: the status it would have had on its own. */
export const fixBatchItemResultSchema = z.object({
  index: z.number().int(),
  status: z.number().int(),
  locationId: z.string().nullable(),
  movedCurrent: z.boolean(),
  message: z.string().nullable(),
});
export const fixBatchResultSchema = z.object({
  accepted: z.number().int(),
  rejected: z.number().int(),
  results: z.array(fixBatchItemResultSchema),
});
export type FixBatchResult = z.infer<typeof fixBatchResultSchema>;
