import { z } from 'zod';
import { SHARE_LINK_HOURS } from '../constants.ts';

export const PROXIMITY_TYPES = ['approaching', 'arriving', 'very_near'] as const;
export type ProximityType = (typeof PROXIMITY_TYPES)[number];
export const proximityAlertSchema = z.object({
  type: z.enum(PROXIMITY_TYPES),
  message: z.string(),
  /** Minutes to arrival. */
  eta: z.number().nullable(),
  distanceM: z.number(),
});
export type ProximityAlert = z.infer<typeof proximityAlertSchema>;

/** GET /api/tracking/live/{trackingNumber or customer token} (spec §3 'Live tracking response'). */
export const liveTrackingSchema = z.object({
  packageId: z.string(),
  status: z.string(),
  driverName: z.string().nullable(),
  driverPhone: z.string().nullable(),
  vehicleId: z.string().nullable(),
  isActive: z.boolean(),
  message: z.string().nullable(),
  estimatedArrival: z.string().nullable(),
  /** Minutes, from the remaining distance and a smoothed speed (design.md §6). */
  etaMinutes: z.number().nullable(),
  realLocationLink: z.string().nullable(),
  packageInfo: z.object({ trackingNumber: z.string(), customer: z.string(), destination: z.string() }),
  pickup: z.object({ address: z.string(), lat: z.number().nullable(), lng: z.number().nullable() }),
  delivery: z.object({ address: z.string(), lat: z.number().nullable(), lng: z.number().nullable() }),
  currentLocation: z
    .object({
      lat: z.number(),
      lng: z.number(),
      address: z.string().nullable(),
      lastUpdate: z.string(),
      /** m/s */
      speed: z.number().nullable(),
      accuracy: z.number().nullable(),
      heading: z.number().nullable(),
      battery: z.number().nullable(),
      timeZone: z.string().nullable(),
    })
    .nullable(),
});
export type LiveTracking = z.infer<typeof liveTrackingSchema>;

export const SHARE_LINK_KINDS = ['customer', 'driver'] as const;
export const shareLinkInputSchema = z.object({
  packageId: z.string({ error: 'Please select a package' }).min(1, 'Please select a package'),
  hours: z.coerce
    .number()
    .int()
    .min(SHARE_LINK_HOURS.min, `Sharing lasts ${SHARE_LINK_HOURS.min} to ${SHARE_LINK_HOURS.max} hours`)
    .max(SHARE_LINK_HOURS.max, `Sharing lasts ${SHARE_LINK_HOURS.min} to ${SHARE_LINK_HOURS.max} hours`),
  kind: z.enum(SHARE_LINK_KINDS),
});
export const shareLinkCreatedSchema = z.object({ token: z.string(), url: z.string(), expiresAt: z.string() });
export const shareLinkSchema = z.object({
  id: z.string(),
  packageId: z.string(),
  kind: z.enum(SHARE_LINK_KINDS),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
});

export const deviceInputSchema = z.object({
  driverId: z.string({ error: 'Driver ID is required' }).min(1, 'Driver ID is required'),
  name: z.string({ error: 'Device name is required' }).trim().min(1, 'Device name is required').max(100),
});
export const deviceSchema = z.object({
  id: z.string(),
  driverId: z.string(),
  name: z.string(),
  lastSeenAt: z.string().nullable(),
  createdAt: z.string(),
});
/** The identifier is shown once, at creation. */
export const deviceCreatedSchema = deviceSchema.extend({ identifier: z.string() });

/** OsmAnd protocol fields (query string or form), as Traccar Client and hardware trackers send them. */
export const osmandQuerySchema = z.object({
  id: z.string().min(1).max(200).optional(),
  deviceid: z.string().min(1).max(200).optional(),
  lat: z.coerce.number().optional(),
  lon: z.coerce.number().optional(),
  timestamp: z.string().optional(),
  speed: z.coerce.number().optional(),
  bearing: z.coerce.number().optional(),
  heading: z.coerce.number().optional(),
  altitude: z.coerce.number().optional(),
  accuracy: z.coerce.number().optional(),
  hdop: z.coerce.number().optional(),
  batt: z.coerce.number().optional(),
});

/** The reply to an OsmAnd device fix: how many of the driver's active packages took it. */
export const osmandResultSchema = z.object({ success: z.literal(true), packages: z.number().int() });
