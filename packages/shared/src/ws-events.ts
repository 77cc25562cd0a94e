// zod/mini: the browser parses every /ws message with these, and classic zod would add ~18 KB gzip to the live pages.
import { z } from 'zod/mini';

/** The longest trackingId a /ws message may carry (a tracking number or a customer share token). */
export const MAX_WS_TRACKING_ID = 200;

/** A tracking number or customer share token: at most 200 characters as sent, not blank, used trimmed. */
const wsTrackingId = z.string().check(z.maxLength(MAX_WS_TRACKING_ID), z.trim(), z.minLength(1));

/** Messages a client sends on /ws; the hub parses every message with this schema. */
export const clientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribe'), trackingId: wsTrackingId }),
  z.object({ type: z.literal('unsubscribe'), trackingId: wsTrackingId }),
  z.object({ type: z.literal('ping') }),
  /**
   * The fleet map (admin only, issue 20): every driver's position. The server checks the admin session: the token
   * here (a browser cannot set headers on a WebSocket), or the session cookie the socket was opened with.
   */
  z.object({ type: z.literal('subscribe_fleet'), token: z.optional(z.string().check(z.maxLength(200))) }),
  z.object({ type: z.literal('unsubscribe_fleet') }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

export const PROXIMITY_TYPES = ['approaching', 'arriving', 'very_near'] as const;
export type ProximityType = (typeof PROXIMITY_TYPES)[number];

export const proximityAlertSchema = z.object({
  type: z.enum(PROXIMITY_TYPES),
  message: z.string(),
  /** Minutes to arrival. */
  eta: z.nullable(z.number()),
  distanceM: z.number(),
});
export type ProximityAlert = z.infer<typeof proximityAlertSchema>;

/**
 * How an ETA was reached (design.md §6), so a page can say it: the straight-line distance to the delivery address
 * and the speed it was divided by, the driver's smoothed recent speed or, with none, the assumed 40 km/h.
 */
export const etaEstimateSchema = z.object({
  minutes: z.number(),
  distanceM: z.number(),
  speedKmh: z.number(),
  speedSource: z.enum(['recent', 'assumed']),
});
export type EtaEstimate = z.infer<typeof etaEstimateSchema>;

/** A fix pushed to a package's subscribers (the public view of it: no trail, no ids beyond the package's). */
export const locationUpdateDataSchema = z.object({
  packageId: z.string(),
  trackingNumber: z.string(),
  status: z.string(),
  lat: z.number(),
  lng: z.number(),
  address: z.nullable(z.string()),
  speed: z.nullable(z.number()),
  accuracy: z.nullable(z.number()),
  heading: z.nullable(z.number()),
  battery: z.nullable(z.number()),
  recordedAt: z.string(),
  etaMinutes: z.nullable(z.number()),
  /** How the ETA was computed; absent from servers older than this field. */
  eta: z.optional(z.nullable(etaEstimateSchema)),
  proximityAlert: z.optional(proximityAlertSchema),
});
export type LocationUpdateData = z.infer<typeof locationUpdateDataSchema>;

export const statusUpdateDataSchema = z.object({ packageId: z.string(), status: z.string(), currentLocation: z.string() });

/**
 * Messages the server sends on /ws, one typed map (conventions: immich's websocket repository), as schemas so the
 * browser checks what arrives rather than trusting it.
 */
export const serverMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscription_confirmed'), trackingId: z.string() }),
  z.object({ type: z.literal('location_update'), trackingId: z.string(), data: locationUpdateDataSchema }),
  z.object({ type: z.literal('status_update'), trackingId: z.string(), data: statusUpdateDataSchema }),
  z.object({ type: z.literal('error'), message: z.string() }),
  z.object({ type: z.literal('pong') }),
]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;
export type ServerEvents = { [M in ServerMessage as M['type']]: Omit<M, 'type'> };

/** A driver's position on the fleet map (the same fields as fleetPositionSchema of schemas/dispatch.ts). */
export const fleetPositionMessageSchema = z.object({
  driverId: z.string(),
  lat: z.number(),
  lng: z.number(),
  speed: z.nullable(z.number()),
  heading: z.nullable(z.number()),
  recordedAt: z.string(),
  movedAt: z.string(),
});

/**
 * Messages of the fleet subscription (admin only): confirmed, refused (with the reason), and the positions that
 * changed in the last second, batched so 200 drivers reporting every 5 s make one message a second.
 */
export const fleetServerMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('fleet_subscribed') }),
  z.object({ type: z.literal('fleet_refused'), message: z.string() }),
  z.object({ type: z.literal('fleet_positions'), positions: z.array(fleetPositionMessageSchema) }),
]);
export type FleetServerMessage = z.infer<typeof fleetServerMessageSchema>;
