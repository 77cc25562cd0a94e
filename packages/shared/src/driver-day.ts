import { z } from 'zod';
import { FIGURES_MSG } from './figures.ts';

/**
 * A driver's day (issue 35, item 3): the day's stops on a time line and the distance driven, read by the Performance
 * view's driver page. The day is the local day of the driver's stops (their delivery addresses' zone).
 */
export const driverDayParamsSchema = z.object({
  id: z.string().trim().min(1).max(200),
  date: z
    .string({ error: FIGURES_MSG.dayInvalid })
    .regex(/^\d{4}-\d{2}-\d{2}$/, FIGURES_MSG.dayInvalid)
    .refine((d) => {
      const at = new Date(`${d}T00:00:00Z`);
      return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === d;
    }, FIGURES_MSG.dayInvalid),
});
export type DriverDayParams = z.infer<typeof driverDayParamsSchema>;

export const driverDayOutcomeSchema = z.object({
  kind: z.string(),
  reason: z.string().nullable(),
  /** When the driver's phone recorded it (ISO-8601). */
  at: z.string(),
});

export const driverDayStopSchema = z.object({
  packageId: z.string(),
  trackingNumber: z.string(),
  deliveryAddress: z.string(),
  serviceType: z.string(),
  /** The package's place (1 = first) in the driver's accepted stop order, when it is on it. */
  plannedPosition: z.number().int().positive().nullable(),
  /** The delivery window the customer was told, as instants (ISO-8601); null when the package has none. */
  window: z.object({ start: z.string(), end: z.string() }).nullable(),
  /** The day's outcomes of this stop by this driver, earliest first (an attempt, then a delivery). */
  outcomes: z.array(driverDayOutcomeSchema),
  /** The last of them: what the stop came to (null: on the stop order, nothing recorded yet). */
  outcome: z.string().nullable(),
  /** When that last outcome was recorded (the actual arrival, as far as the phone knows). */
  at: z.string().nullable(),
  /** For a delivery ('delivered' or 'left'): inside the window (null when not delivered or no window). */
  onTime: z.boolean().nullable(),
});
export type DriverDayStop = z.infer<typeof driverDayStopSchema>;

export const driverDaySchema = z.object({
  driver: z.object({ id: z.string(), name: z.string(), vehicleId: z.string() }),
  date: z.string(),
  /** The zone the day and its times are read in (the stops' delivery addresses'; the server's when none). */
  timeZone: z.string(),
  stops: z.array(driverDayStopSchema),
  summary: z.object({
    stops: z.number().int().nonnegative(),
    delivered: z.number().int().nonnegative(),
    attempted: z.number().int().nonnegative(),
    firstStopAt: z.string().nullable(),
    lastStopAt: z.string().nullable(),
  }),
  /** The GPS trail of the day (fixes of the driver's packages), filtered as ingest filters fixes (design.md §6). */
  trail: z.object({
    fixes: z.number().int().nonnegative(),
    /** Fixes the filter dropped: resends and jumps faster than a van can go. */
    dropped: z.number().int().nonnegative(),
    distanceM: z.number().nonnegative(),
    firstFixAt: z.string().nullable(),
    lastFixAt: z.string().nullable(),
  }),
});
export type DriverDay = z.infer<typeof driverDaySchema>;
