import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { MSG } from '../messages.ts';
import { toE164 } from '../phone.ts';
import { isoTimestamp, latitude, longitude } from './common.ts';

export const globalLocationInputSchema = z.object({
  location: z.string({ error: MSG.locationRequired }).trim().min(1, MSG.locationRequired).max(LIMITS.address),
  lat: latitude.nullish(),
  lng: longitude.nullish(),
});
export const globalLocationSchema = z.object({
  location: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  updatedAt: z.string().nullable(),
});

export const mapConfigSchema = z.object({ tileUrl: z.string(), attribution: z.string() });

export const realLocationSaveSchema = z.object({
  realLocationLink: z.string({ error: MSG.linkRequired }).trim().min(1, MSG.linkRequired).max(2000),
  timestamp: isoTimestamp.optional(),
});
export const realLocationSchema = z.object({ realLocationLink: z.string().nullable(), timestamp: z.string().nullable() });

export const smsSetupSchema = z.object({
  driverPhone: z
    .string({ error: 'Phone Required' })
    .trim()
    .min(1, 'Phone Required')
    .max(LIMITS.phone + 10)
    .refine((v) => v === '' || /\d/.test(v), 'Phone Required')
    .transform(toE164),
  trackingLink: z.string().trim().pipe(z.url('Invalid tracking link')),
});

export const dailyStatsSchema = z.object({
  deliveriesCompleted: z.number(),
  packagesInTransit: z.number(),
  customersServed: z.number(),
  milesDelivered: z.number(),
});
export type DailyStats = z.infer<typeof dailyStatsSchema>;

export const databaseStatsSchema = z.object({
  dialect: z.enum(['sqlite', 'postgres']),
  totals: z.object({
    packages: z.number(),
    drivers: z.number(),
    activeDrivers: z.number(),
    onlineDrivers: z.number(),
    pickupRequests: z.number(),
    pendingPickupRequests: z.number(),
    statusHistory: z.number(),
    locations: z.number(),
    devices: z.number(),
    shareLinks: z.number(),
  }),
  packagesByStatus: z.record(z.string(), z.number()),
  oldestPackageAt: z.string().nullable(),
  newestPackageAt: z.string().nullable(),
});
export type DatabaseStats = z.infer<typeof databaseStatsSchema>;

export const healthSchema = z.object({ status: z.literal('ok'), uptimeSeconds: z.number(), version: z.string() });
export const readySchema = z.object({ status: z.enum(['ready', 'unavailable']), database: z.boolean(), redis: z.boolean().nullable() });
/** POST /api/current-location answers the stored location with the spec's message. */
export const globalLocationUpdatedSchema = globalLocationSchema.extend({ message: z.string() });
