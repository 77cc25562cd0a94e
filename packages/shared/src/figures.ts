import { z } from 'zod';
import { ATTEMPT_REASONS } from './delivery-proof-rules.ts';
import { PAYMENT_METHODS } from './money.ts';

/**
 * The performance figures (issue 35, design.md §15): each has one definition, written here once with the README's
 * wording (the panel shows it as a tooltip), and computed the same way everywhere (services/figures/ on the server).
 * Days are the delivery address's local days.
 */
export const FIGURE_DEFINITIONS = {
  delivered: "Packages whose first 'delivered' or 'left' outcome falls in the period, by the delivery address's local day. A package delivered again after dispatch reopened it counts once, on its first delivery.",
  onTimeRate: 'Of the packages delivered, the share delivered before the end of the delivery window the customer was last told (the estimated delivery the package carries now). A day window ends at 23:59 local time of the delivery address. A package without a window is not counted on time.',
  firstAttemptRate: "Of the packages delivered, the share with no 'attempted' outcome before their delivery.",
  attemptsByReason: "'Attempted' outcomes in the period (by the delivery address's local day), counted by the driver's reason.",
  exceptions: "Packages set to 'Exception' in the period (by the delivery address's local day), each counted once per day it was set.",
  returns: "Packages set to 'Returned' in the period (by the delivery address's local day), each counted once per day it was set.",
  proofCompleteness: 'Of the packages delivered, the share whose delivery carries the proof dispatch requires for its service type (the photo and signature the rules ask for).',
  ratings: "The customers' ratings given in the period (by the delivery address's local day): how many, their average (1 to 5 stars) and how many of each star.",
  moneyDue: "Amounts due entered in the period (the ledger's local day), in minor units.",
  moneyCollected: 'Payments, less refunds and corrections, entered in the period, by how they were paid, in minor units.',
  moneyReleased: 'Packages dispatch released without payment in the period, each counted once per day it was released.',
  moneyStillOwed: 'Of the packages whose first amount due was entered in the period, what is still owed on them now (balances above zero), in minor units.',
  messages: 'Customer and coordinator messages (email, SMS) created in the period: how many were sent and how many failed.',
  webhooks: 'Webhook messages created in the period: how many were delivered and how many failed for good.',
  stopsPerDriverHour: "Stops (each outcome a driver recorded: delivered, left or attempted) divided by the drivers' hours, where a driver's hours on a local day run from the first stop of the day to the last (a day of one stop adds no hours). With a service-type filter, the stops and hours of that service type only.",
  averageStopTime: "The average time from arriving at a stop to recording its outcome. The arrival is the first GPS fix of the package's trail within 100 m of where the outcome was recorded in the 30 minutes before it, kept with the outcome when it is recorded; stops without such a fix are left out.",
} as const;
export type FigureName = keyof typeof FIGURE_DEFINITIONS;

/** The home page's stats block (spec: the stats block), defined by the same figures as the panel. */
export const PUBLIC_STATS_DEFINITIONS = {
  deliveriesCompleted: "The 'delivered' figure over all time: packages with a 'delivered' or 'left' outcome, each counted once.",
  packagesInTransit: "Packages whose status is now 'Picked Up', 'In Transit' or 'Out for Delivery'.",
  customersServed: 'Distinct customer phone numbers across packages and pickup requests.',
  milesDelivered: 'The straight-line miles from pickup to delivery address of the packages counted in deliveries completed (a package without both positions adds none), rounded.',
} as const;

/** The longest period one request may ask for (a year and a day: a leap year's full year). */
export const FIGURES_MAX_DAYS = 366;

export const FIGURES_MSG = {
  dayInvalid: 'Choose a day (YYYY-MM-DD)',
  periodOrder: 'The period must end on or after its first day',
  periodTooLong: `A period may cover at most ${FIGURES_MAX_DAYS} days`,
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const localDay = z
  .string({ error: FIGURES_MSG.dayInvalid })
  .regex(DAY, FIGURES_MSG.dayInvalid)
  .refine((d) => {
    const at = new Date(`${d}T00:00:00Z`);
    return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === d;
  }, FIGURES_MSG.dayInvalid);

/** Days from `from` to `to`, both included (calendar days, free of zones). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** A calendar day moved by `n` days. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** The period of the same length that ends the day before `from`. */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  const length = daysBetween(from, to);
  return { from: addDays(from, -length), to: addDays(from, -1) };
}

/** GET /api/figures: a period of local days, optionally one driver and one service type. */
export const figuresQuerySchema = z
  .object({
    from: localDay,
    to: localDay,
    driverId: z.string().trim().min(1).max(200).optional(),
    serviceType: z.string().trim().min(1).max(200).optional(),
  })
  .superRefine((q, ctx) => {
    if (!DAY.test(q.from) || !DAY.test(q.to)) return;
    if (q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: FIGURES_MSG.periodOrder });
    else if (daysBetween(q.from, q.to) > FIGURES_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: FIGURES_MSG.periodTooLong });
  });
export type FiguresQuery = z.infer<typeof figuresQuerySchema>;

const count = z.number().int().nonnegative();
const rate = z.number().min(0).max(1).nullable();

export const figureSetSchema = z.object({
  delivered: count,
  onTime: count,
  onTimeRate: rate,
  firstAttempt: count,
  firstAttemptRate: rate,
  attempts: count,
  attemptsByReason: z.record(z.string(), count),
  exceptions: count,
  returns: count,
  proofComplete: count,
  proofCompleteness: rate,
  ratings: z.object({
    count,
    average: z.number().nullable(),
    distribution: z.object({ 1: count, 2: count, 3: count, 4: count, 5: count }),
  }),
  money: z.object({
    due: z.number().int(),
    collected: z.number().int(),
    collectedByMethod: z.record(z.string(), z.number().int()),
    released: count,
    stillOwed: z.number().int(),
  }),
  messages: z.object({ sent: count, failed: count }),
  webhooks: z.object({ delivered: count, failed: count }),
  /** Stops recorded by drivers (outcomes), their hours (first to last stop of each driver's local day), stops per hour. */
  stops: count,
  driverHours: z.number().nonnegative(),
  stopsPerDriverHour: z.number().nonnegative().nullable(),
  /** Stops with a recorded arrival, and the average time from arrival to outcome, in seconds. */
  timedStops: count,
  averageStopSeconds: z.number().nonnegative().nullable(),
});
export type FigureSet = z.infer<typeof figureSetSchema>;

export const figureDaySchema = z.object({
  day: z.string(),
  delivered: count,
  onTime: count,
  firstAttempt: count,
  attempts: count,
});
export type FigureDay = z.infer<typeof figureDaySchema>;

export const figuresSchema = z.object({
  period: z.object({ from: z.string(), to: z.string() }),
  previousPeriod: z.object({ from: z.string(), to: z.string() }),
  filters: z.object({ driverId: z.string().nullable(), serviceType: z.string().nullable() }),
  figures: figureSetSchema,
  previous: figureSetSchema,
  days: z.array(figureDaySchema),
  definitions: z.record(z.string(), z.string()),
});
export type Figures = z.infer<typeof figuresSchema>;

/** The attempt reasons and payment methods every figure set lists (zero when none). */
export const FIGURE_REASONS = ATTEMPT_REASONS;
export const FIGURE_METHODS = PAYMENT_METHODS;

/** A share, or null when there is nothing to share out (no deliveries: no rate, rather than 0 %). */
export function shareOf(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}

/** The weekly summary by email (issue 35): who gets it, and when in the company's time zone. */
export const WEEKLY_SUMMARY_MSG = {
  recipients: 'Give at most 20 valid email addresses',
  dayOfWeek: 'Choose a day of the week (0 Sunday to 6 Saturday)',
  hour: 'Choose an hour from 0 to 23',
  timeZone: 'Choose a known time zone (e.g. America/Chicago)',
} as const;

const knownZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

export const weeklySummarySettingsSchema = z.object({
  enabled: z.boolean(),
  recipients: z.array(z.email({ error: WEEKLY_SUMMARY_MSG.recipients }).max(254, WEEKLY_SUMMARY_MSG.recipients), { error: WEEKLY_SUMMARY_MSG.recipients }).max(20, WEEKLY_SUMMARY_MSG.recipients),
  dayOfWeek: z.number({ error: WEEKLY_SUMMARY_MSG.dayOfWeek }).int(WEEKLY_SUMMARY_MSG.dayOfWeek).min(0, WEEKLY_SUMMARY_MSG.dayOfWeek).max(6, WEEKLY_SUMMARY_MSG.dayOfWeek),
  hour: z.number({ error: WEEKLY_SUMMARY_MSG.hour }).int(WEEKLY_SUMMARY_MSG.hour).min(0, WEEKLY_SUMMARY_MSG.hour).max(23, WEEKLY_SUMMARY_MSG.hour),
  timeZone: z.string({ error: WEEKLY_SUMMARY_MSG.timeZone }).min(1, WEEKLY_SUMMARY_MSG.timeZone).max(100, WEEKLY_SUMMARY_MSG.timeZone).refine(knownZone, WEEKLY_SUMMARY_MSG.timeZone),
});
export type WeeklySummarySettings = z.infer<typeof weeklySummarySettingsSchema>;

/** Where the summary's link opens the Performance view in the panel. */
export const PERFORMANCE_VIEW_PATH = '/admin?tab=performance';
