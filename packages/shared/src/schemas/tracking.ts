import { z } from 'zod';
import { SHARE_LINK_HOURS } from '../constants.ts';
import { etaEstimateSchema, proximityAlertSchema } from '../ws-events.ts';
import { numberInput } from './common.ts';
import { publicPackageSchema } from './package.ts';

export { PROXIMITY_TYPES, etaEstimateSchema, proximityAlertSchema, type EtaEstimate, type ProximityAlert, type ProximityType } from '../ws-events.ts';

/** A time zone as en-US names it at a moment, with its offset from UTC then ('Central Standard Time', 'CST', -360). */
export const timeZoneInfoSchema = z.object({ name: z.string(), abbreviation: z.string(), utcOffsetMinutes: z.number() });
export type TimeZoneInfo = z.infer<typeof timeZoneInfoSchema>;

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
  /** Minutes, from the remaining distance and a smoothed speed (design.md §6); null without a fresh fix. */
  etaMinutes: z.number().nullable(),
  /** The same ETA with how it was computed; null (hidden, never guessed) without a fresh fix. */
  eta: z.nullable(etaEstimateSchema),
  /** The tightest proximity alert standing now (fired, driver still inside its radius); null otherwise. */
  proximityAlert: z.nullable(proximityAlertSchema),
  /**
   * The one-hour arrival window on the day (decision 111): the last one sent, while the package is out for delivery
   * and the driver's stops are in order; null otherwise. `label` is in the delivery address's local time.
   */
  arrivalWindow: z
    .object({
      start: z.string(),
      end: z.string(),
      /** 'between 14:00 and 15:00' */
      label: z.string(),
      /** Set when the driver is within about 15 minutes: 'arriving in about 10 minutes'. */
      arrivingInMinutes: z.number().nullable(),
    })
    .nullable(),
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
      /** The IANA zone at the position (design.md: looked up from latitude and longitude). */
      timeZone: z.string().nullable(),
      /** That zone's names and offset when the view was made: the vehicle's local time is drawn from it. */
      zone: timeZoneInfoSchema.nullable(),
    })
    .nullable(),
});
export type LiveTracking = z.infer<typeof liveTrackingSchema>;

export const SHARE_LINK_KINDS = ['customer', 'driver'] as const;
export const shareLinkInputSchema = z.object({
  packageId: z.string({ error: 'Please select a package' }).min(1, 'Please select a package'),
  hours: numberInput(
    z
      .number()
      .int()
      .min(SHARE_LINK_HOURS.min, `Sharing lasts ${SHARE_LINK_HOURS.min} to ${SHARE_LINK_HOURS.max} hours`)
      .max(SHARE_LINK_HOURS.max, `Sharing lasts ${SHARE_LINK_HOURS.min} to ${SHARE_LINK_HOURS.max} hours`),
    `Sharing lasts ${SHARE_LINK_HOURS.min} to ${SHARE_LINK_HOURS.max} hours`,
  ),
  kind: z.enum(SHARE_LINK_KINDS),
});
export const shareLinkCreatedSchema = z.object({ token: z.string(), url: z.string(), expiresAt: z.string() });
export type ShareLinkCreated = z.infer<typeof shareLinkCreatedSchema>;
export const shareLinkSchema = z.object({
  id: z.string(),
  packageId: z.string(),
  kind: z.enum(SHARE_LINK_KINDS),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;

/** A live share link in the list across packages (GET /api/share-links): never its token. */
export const shareLinkListItemSchema = shareLinkSchema.extend({ trackingNumber: z.string() });
export type ShareLinkListItem = z.infer<typeof shareLinkListItemSchema>;
export type ShareLinkItem = z.infer<typeof shareLinkSchema>;

/** A hardware tracker's fixed identifier (its IMEI): at least 8 characters, letters, digits and - _ . : only. */
export const DEVICE_IDENTIFIER_MIN = 8;
export const deviceIdentifierSchema = z
  .string()
  .trim()
  .min(DEVICE_IDENTIFIER_MIN, `Device identifier must be at least ${DEVICE_IDENTIFIER_MIN} characters`)
  .max(100, 'Device identifier must be at most 100 characters')
  .regex(/^[A-Za-z0-9._:-]+$/, 'Device identifier may hold only letters, digits and - _ . :');
const deviceNameSchema = z.string({ error: 'Device name is required' }).trim().min(1, 'Device name is required').max(100);
export const deviceInputSchema = z.object({
  driverId: z.string({ error: 'Driver ID is required' }).min(1, 'Driver ID is required'),
  name: deviceNameSchema,
  /** A tracker's own fixed identifier; without one the server generates a long random one. */
  identifier: deviceIdentifierSchema.optional(),
});
/** POST /api/drivers/me/devices: the signed-in driver registers its own phone for Traccar Client. */
export const ownDeviceInputSchema = z.object({ name: deviceNameSchema.optional() });
export const deviceSchema = z.object({
  id: z.string(),
  driverId: z.string(),
  name: z.string(),
  lastSeenAt: z.string().nullable(),
  /** The last battery percent the device reported (OsmAnd batt), null when it never said. */
  lastBattery: z.number().nullable(),
  createdAt: z.string(),
});
export type Device = z.infer<typeof deviceSchema>;
/** The identifier is shown once, at creation. */
export const deviceCreatedSchema = deviceSchema.extend({ identifier: z.string() });
export type DeviceCreated = z.infer<typeof deviceCreatedSchema>;
/** The driver's own device: the identifier once, and the server URL to give Traccar Client. */
export const ownDeviceCreatedSchema = deviceCreatedSchema.extend({ serverUrl: z.string() });
export type OwnDeviceCreated = z.infer<typeof ownDeviceCreatedSchema>;

/** GET /api/share-links/{token}: what a driver share link covers, for the sharing page that holds only the token. */
export const shareLinkResolvedSchema = z.object({
  kind: z.literal('driver'),
  expiresAt: z.string(),
  package: publicPackageSchema,
});
export type ShareLinkResolved = z.infer<typeof shareLinkResolvedSchema>;

/** OsmAnd protocol fields (query string or form), as Traccar Client and hardware trackers send them. */
export const osmandQuerySchema = z.object({
  id: z.string().min(1).max(200).optional(),
  deviceid: z.string().min(1).max(200).optional(),
  lat: numberInput(z.number()).optional(),
  lon: numberInput(z.number()).optional(),
  timestamp: z.string().optional(),
  speed: numberInput(z.number()).optional(),
  bearing: numberInput(z.number()).optional(),
  heading: numberInput(z.number()).optional(),
  altitude: numberInput(z.number()).optional(),
  accuracy: numberInput(z.number()).optional(),
  hdop: numberInput(z.number()).optional(),
  batt: numberInput(z.number()).optional(),
  location: z.string().max(100).optional(),
  hacc: numberInput(z.number()).optional(),
});

/** The reply to an OsmAnd device fix: how many of the driver's active packages took it. */
export const osmandResultSchema = z.object({
  success: z.literal(true),
  packages: z.number().int(),
  /** Why the report moved nothing (a heartbeat, no GPS fix, a filter's reason); null when it was used. */
  reason: z.string().nullable(),
});
