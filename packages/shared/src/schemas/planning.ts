import { z } from 'zod';
import { UNPLANNED_REASONS } from '../planning-contract.ts';

/** Day planning (issue 34, design.md §14): drivers' shifts for a date. */

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export const PLANNING_MESSAGES = {
  dateInvalid: 'Choose a day (YYYY-MM-DD)',
  timeInvalid: 'Use a time as HH:MM',
  shiftEndsBeforeStart: 'A shift must end after it starts',
  driverTwice: 'A driver has one shift per day',
  unknownDriver: 'No such driver',
  noDepot: 'Set a start and end place, or DEPOT_ADDRESS for the depot',
  placeNotFound: 'The place could not be found on the map',
  noPreviousShifts: 'No shifts on the previous day to copy',
} as const;

const isRealDay = (v: string) => DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

export const planningDateParam = z.object({
  date: z.string().refine(isRealDay, PLANNING_MESSAGES.dateInvalid),
});

const time = z.string().regex(TIME, PLANNING_MESSAGES.timeInvalid);
const place = z.string().trim().min(1).max(500);

export const shiftInputSchema = z
  .object({
    driverId: z.string().min(1).max(200),
    startTime: time,
    endTime: time,
    /** An address; absent means the depot (DEPOT_ADDRESS). */
    startAddress: place.optional(),
    endAddress: place.optional(),
    /** How many packages the vehicle carries. */
    capacityPackages: z.number().int().min(1).max(10_000),
    /** Kilograms, when weight matters. */
    capacityWeightKg: z.number().positive().max(100_000).nullable().optional(),
  })
  .refine((s) => s.endTime > s.startTime, { message: PLANNING_MESSAGES.shiftEndsBeforeStart, path: ['endTime'] });

/** The date's shifts as a whole: the list replaces what the date had. */
export const shiftsInputSchema = z
  .object({ shifts: z.array(shiftInputSchema).max(1000) })
  .refine((b) => new Set(b.shifts.map((s) => s.driverId)).size === b.shifts.length, { message: PLANNING_MESSAGES.driverTwice, path: ['shifts'] });

const placeSchema = z.object({ address: z.string(), lat: z.number().nullable(), lng: z.number().nullable() });

export const shiftSchema = z.object({
  id: z.string(),
  driverId: z.string(),
  driverName: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  start: placeSchema,
  end: placeSchema,
  capacityPackages: z.number().int(),
  capacityWeightKg: z.number().nullable(),
  updatedAt: z.string(),
});

export const shiftListSchema = z.object({ date: z.string(), shifts: z.array(shiftSchema) });

export type ShiftInput = z.infer<typeof shiftInputSchema>;
export type Shift = z.infer<typeof shiftSchema>;
export type ShiftList = z.infer<typeof shiftListSchema>;

/** A plan (issue 34): a proposal until committed. Times are ISO instants; distances metres; durations seconds. */
export const plannedStopSchema = z.object({
  packageId: z.string(),
  trackingNumber: z.string(),
  address: z.string(),
  lat: z.number(),
  lng: z.number(),
  arrival: z.string(),
  serviceStart: z.string(),
  departure: z.string(),
  windowStart: z.string().nullable(),
  windowEnd: z.string().nullable(),
  weightKg: z.number().nullable(),
});

const planTotalsSchema = z.object({
  stops: z.number().int(),
  distanceM: z.number(),
  drivingSeconds: z.number(),
  loadPackages: z.number().int(),
  loadWeightKg: z.number(),
});

export const plannedRouteSchema = z.object({
  driverId: z.string(),
  driverName: z.string(),
  capacityPackages: z.number().int(),
  capacityWeightKg: z.number().nullable(),
  stops: z.array(plannedStopSchema),
  totals: planTotalsSchema.extend({ departure: z.string().nullable(), finish: z.string().nullable() }),
});

export const unplannedPackageSchema = z.object({
  packageId: z.string(),
  trackingNumber: z.string(),
  reason: z.enum(UNPLANNED_REASONS),
  label: z.string(),
});

export const dayPlanSchema = z.object({
  date: z.string(),
  /** The zone of the plan's clock (the shifts' HH:MM): the panel shows every time of the plan on it. */
  timeZone: z.string(),
  engine: z.enum(['built-in', 'vroom']),
  notice: z.string().nullable(),
  routes: z.array(plannedRouteSchema),
  unplanned: z.array(unplannedPackageSchema),
  totals: planTotalsSchema.extend({ finish: z.string().nullable() }),
});

export type DayPlan = z.infer<typeof dayPlanSchema>;
export type PlannedRouteView = z.infer<typeof plannedRouteSchema>;

/**
 * A plan as dispatch edited it (issue 34): each driver's stops in order. Checked by POST /api/planning/{date}/check,
 * written by POST /api/planning/{date}/commit.
 */
export const planCheckInputSchema = z.object({
  routes: z
    .array(
      z.object({
        driverId: z.string().min(1).max(200),
        packageIds: z.array(z.string().min(1).max(200)).max(10_000),
      }),
    )
    .max(1000),
});
export const planCommitInputSchema = planCheckInputSchema;

/** Something in an edited plan that breaks a rule; `packageId` null when it is about the driver's route as a whole. */
export const planViolationSchema = z.object({ driverId: z.string(), packageId: z.string().nullable(), message: z.string() });

/** The edited plan recomputed (arrivals, totals, the unplanned) and what it breaks; empty `violations`: it can be committed. */
export const planCheckSchema = dayPlanSchema.extend({ violations: z.array(planViolationSchema) });

export const planCommitResultSchema = z.object({ date: z.string(), drivers: z.number().int(), packages: z.number().int() });

export type PlanCheckInput = z.infer<typeof planCheckInputSchema>;
export type PlanViolation = z.infer<typeof planViolationSchema>;
export type PlanCheck = z.infer<typeof planCheckSchema>;
export type PlanCommitResult = z.infer<typeof planCommitResultSchema>;

/**
 * Minutes at a stop per service type (issue 34): a package whose service type is listed takes its minutes; any other
 * takes the default (PLANNING_SERVICE_MINUTES). The list replaces the stored one as a whole.
 */
export const serviceTimesInputSchema = z.object({
  minutes: z
    .record(z.string().trim().min(1).max(100), z.number().min(0).max(240))
    .refine((m) => Object.keys(m).length <= 100, { message: 'At most 100 service types' }),
});
export const serviceTimesSchema = z.object({ defaultMinutes: z.number(), minutes: z.record(z.string(), z.number()) });
export type ServiceTimes = z.infer<typeof serviceTimesSchema>;

/**
 * A package added during the day (issue 34): inserted where it costs least into `driverId`'s stop order, or, without
 * one, into its own driver's (when assigned) or the cheapest driver's with a shift that day.
 */
export const planInsertInputSchema = z.object({ packageId: z.string().min(1).max(200), driverId: z.string().min(1).max(200).optional() });
export const planInsertResultSchema = z.object({
  date: z.string(),
  packageId: z.string(),
  driverId: z.string(),
  /** Its place among the driver's open stops, 0 first. */
  position: z.number().int(),
  addedDrivingSeconds: z.number(),
  /** Its expected arrival (ISO instant) on the shift's schedule. */
  arrival: z.string(),
});
export type PlanInsertResult = z.infer<typeof planInsertResultSchema>;

/**
 * The date's packages that are due (window overlapping the day) and not yet delivered, in no driver's stop order
 * (issue 34, part 5, decision 113): added after the plan was committed, left out of it, or never planned. Each can be
 * put into a route with POST /api/planning/{date}/insert. Newest first; at most `limit`, of `total`.
 */
export const unroutedPackageSchema = z.object({
  packageId: z.string(),
  trackingNumber: z.string(),
  address: z.string(),
  status: z.string(),
  /** The driver it is assigned to without being in their order (the insertion then uses that driver), or null. */
  driverId: z.string().nullable(),
  driverName: z.string().nullable(),
  /** Its window on the date, ISO instants. */
  windowStart: z.string(),
  windowEnd: z.string(),
  /** False when its address has no position: no route can take it until it has one. */
  hasPosition: z.boolean(),
  createdAt: z.string(),
});
export const unroutedListSchema = z.object({
  date: z.string(),
  /** The zone of the plan's clock, as in a DayPlan. */
  timeZone: z.string(),
  total: z.number().int(),
  packages: z.array(unroutedPackageSchema),
});
export type UnroutedPackage = z.infer<typeof unroutedPackageSchema>;
export type UnroutedList = z.infer<typeof unroutedListSchema>;
