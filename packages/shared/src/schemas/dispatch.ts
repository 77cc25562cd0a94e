import { z } from 'zod';

/**
 * Dispatch (issue 20): a driver's stop order (optimised, accepted, followed on the dashboard) and the live fleet.
 */

const point = z.object({ lat: z.number(), lng: z.number() });

/** One stop of an order: a package's delivery point, when the driver gets there, and how to navigate to it. */
export const routeStopPlanSchema = z.object({
  packageId: z.string(),
  trackingNumber: z.string(),
  customerName: z.string(),
  status: z.string(),
  address: z.string(),
  lat: z.number(),
  lng: z.number(),
  /** The end of the package's delivery window (ISO), when its estimated delivery names one. */
  windowEnd: z.string().nullable(),
  /** Expected arrival (ISO): 1.3 × the straight line at 40 km/h from the stop before, 3 minutes at each door. */
  eta: z.string(),
  late: z.boolean(),
  /** Great-circle metres from the stop before (or the driver). */
  legM: z.number(),
  navigation: z.object({ geo: z.string(), maps: z.string() }),
});
export type RouteStopPlan = z.infer<typeof routeStopPlanSchema>;

export const routePlanSchema = z.object({
  distanceM: z.number(),
  lateStops: z.number().int(),
  stops: z.array(routeStopPlanSchema),
});
export type RoutePlan = z.infer<typeof routePlanSchema>;

/** A package on the route that cannot be placed: its delivery point is not known. */
export const unplacedStopSchema = z.object({ packageId: z.string(), trackingNumber: z.string(), address: z.string() });

/** POST /api/drivers/{id}/route/optimise: the order as it is and as proposed; nothing is stored until accepted. */
export const routeOptimisationSchema = z.object({
  engine: z.enum(['built-in', 'vroom']),
  /** Why the built-in order was used although VROOM is configured, or null. */
  notice: z.string().nullable(),
  start: point.nullable(),
  before: routePlanSchema,
  after: routePlanSchema,
  unplaced: z.array(unplacedStopSchema),
  computeMs: z.number(),
});
export type RouteOptimisation = z.infer<typeof routeOptimisationSchema>;

/** PUT /api/drivers/{id}/route/order: the accepted order, package ids first stop first. */
export const stopOrderInputSchema = z.object({
  order: z
    .array(z.string().trim().min(1).max(200), { error: 'order is a list of package ids' })
    .min(1, 'order needs at least one package')
    .max(1000, 'order has at most 1000 packages'),
});
export type StopOrderInput = z.input<typeof stopOrderInputSchema>;

/** GET /api/drivers/{id}/stops (the driver, or an admin): the open packages in the accepted order, with arrivals. */
export const driverStopsSchema = z.object({
  driverId: z.string(),
  start: point.nullable(),
  /** When the order shown was accepted; null when none was (the stops come in assignment order). */
  acceptedAt: z.string().nullable(),
  distanceM: z.number(),
  stops: z.array(routeStopPlanSchema),
  unplaced: z.array(unplacedStopSchema),
});
export type DriverStops = z.infer<typeof driverStopsSchema>;

/** A driver's latest position as the fleet map shows it (GET /api/fleet and the /ws fleet_positions message). */
export const fleetPositionSchema = z.object({
  driverId: z.string(),
  lat: z.number(),
  lng: z.number(),
  /** m/s, when the fix carried one. */
  speed: z.number().nullable(),
  /** Degrees from north, when the fix carried one. */
  heading: z.number().nullable(),
  recordedAt: z.string(),
  /** The last fix that moved (over 30 m from the one before, or at more than 1 m/s); 'stopped' is measured from it. */
  movedAt: z.string(),
});
export type FleetPosition = z.infer<typeof fleetPositionSchema>;

export const fleetDriverSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  vehicleId: z.string(),
  position: fleetPositionSchema.nullable(),
  /** Open packages assigned to the driver. */
  packagesOnBoard: z.number().int(),
  /** The first stop of the accepted order (else the oldest assignment) with a delivery point. */
  nextStop: z.object({ packageId: z.string(), trackingNumber: z.string(), address: z.string() }).nullable(),
  /**
   * Running late (issue 34): some open stop's expected arrival, along the driver's stop order from where the driver is
   * now (the ETA of the driver's dashboard), is past the end of its delivery window.
   */
  late: z.boolean(),
  /** How many open stops are expected after their window's end. */
  lateStops: z.number().int(),
  /** The first of them in the order, with its expected arrival and its window's end (ISO). */
  firstLateStop: z.object({ packageId: z.string(), trackingNumber: z.string(), eta: z.string(), windowEnd: z.string() }).nullable(),
});
export type FleetDriver = z.infer<typeof fleetDriverSchema>;

/** The figures at the top of the fleet map (today is the server's UTC day). */
export const fleetCountsSchema = z.object({
  outForDelivery: z.number().int(),
  deliveredToday: z.number().int(),
  /** Delivery attempts that failed today: packages set to 'exception' today. */
  attemptedToday: z.number().int(),
  /** Open packages whose delivery window has ended. */
  late: z.number().int(),
  /** Open packages without a driver. */
  unassigned: z.number().int(),
});
export type FleetCounts = z.infer<typeof fleetCountsSchema>;

/** GET /api/fleet (admin): every active driver and the counts. */
export const fleetSnapshotSchema = z.object({
  drivers: z.array(fleetDriverSchema),
  counts: fleetCountsSchema,
  serverTime: z.string(),
});
export type FleetSnapshot = z.infer<typeof fleetSnapshotSchema>;

/** A fleet state, from a position's age: no position for over 10 minutes, stopped for over 5, or moving. */
export const FLEET_OFFLINE_MS = 10 * 60_000;
export const FLEET_STOPPED_MS = 5 * 60_000;
export type FleetState = 'moving' | 'stopped' | 'offline';
export function fleetStateOf(position: Pick<FleetPosition, 'recordedAt' | 'movedAt'> | null, now: number): FleetState {
  if (!position) return 'offline';
  const seen = Date.parse(position.recordedAt);
  if (!Number.isFinite(seen) || now - seen > FLEET_OFFLINE_MS) return 'offline';
  const moved = Date.parse(position.movedAt);
  return Number.isFinite(moved) && now - moved > FLEET_STOPPED_MS ? 'stopped' : 'moving';
}
