import { z } from 'zod';
import {
  ACCESS_CODE_MAX,
  CUSTOMER_MSG,
  FEEDBACK_COMMENT_MAX,
  FEEDBACK_TAGS,
  INSTRUCTIONS_MAX,
  SAFE_PLACES,
} from '../customer-actions-rules.ts';
export * from '../customer-actions-rules.ts';

/**
 * Customer actions through the customer link (issue 33, design.md §13): what a customer sends, what their page reads,
 * dispatch's settings for them and what dispatch sees.
 */

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:MM');
const calendarDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD');

/** PUT /api/customer-links/{token}/instructions. `accessCode` left out keeps the one given before; null clears it. */
export const customerInstructionsInputSchema = z
  .object({
    instructions: z.string().trim().max(INSTRUCTIONS_MAX, CUSTOMER_MSG.instructionsTooLong).default(''),
    safePlace: z.enum(SAFE_PLACES, { error: CUSTOMER_MSG.safePlaceUnknown }).nullable().default(null),
    neighbourName: z.string().trim().max(100).nullable().optional(),
    signatureWaived: z.boolean().default(false),
    accessCode: z.string().trim().max(ACCESS_CODE_MAX, CUSTOMER_MSG.accessCodeTooLong).nullable().optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.safePlace === 'neighbour' && !value.neighbourName) ctx.addIssue({ code: 'custom', path: ['neighbourName'], message: CUSTOMER_MSG.neighbourRequired });
  });
export type CustomerInstructionsInput = z.infer<typeof customerInstructionsInputSchema>;

/** POST /api/customer-links/{token}/reschedule: a day offered and, where dispatch offers windows, one of them. */
export const rescheduleInputSchema = z
  .object({
    day: calendarDay,
    window: z.object({ start: hhmm, end: hhmm }).nullable().default(null),
  })
  .strict();
export type RescheduleInput = z.infer<typeof rescheduleInputSchema>;

/** PUT /api/customer-links/{token}/feedback. */
export const feedbackInputSchema = z
  .object({
    stars: z.number({ error: CUSTOMER_MSG.starsRange }).int(CUSTOMER_MSG.starsRange).min(1, CUSTOMER_MSG.starsRange).max(5, CUSTOMER_MSG.starsRange),
    comment: z.string().trim().max(FEEDBACK_COMMENT_MAX, CUSTOMER_MSG.commentTooLong).default(''),
    tags: z
      .array(z.enum(FEEDBACK_TAGS, { error: CUSTOMER_MSG.tagUnknown }))
      .max(FEEDBACK_TAGS.length)
      .default([])
      .transform((tags) => [...new Set(tags)]),
  })
  .strict();
export type FeedbackInput = z.infer<typeof feedbackInputSchema>;

/** Dispatch's settings for customer actions (GET/PUT /api/settings/customer-actions). */
export const customerActionSettingsSchema = z
  .object({
    /** Days of the week dispatch delivers, 0 = Sunday … 6 = Saturday. */
    workingDays: z.array(z.number().int().min(0).max(6)).min(1, 'Choose at least one working day').max(7),
    /** A choice made after this time (the delivery address's clock) cannot be for the next day. */
    nextDayCutoff: hhmm,
    /** How many days ahead a customer may choose (from tomorrow). */
    daysAhead: z.number().int().min(1).max(30),
    closedDates: z.array(calendarDay).max(366),
    /** Windows within the day; none offers whole days. */
    windows: z.array(z.object({ start: hhmm, end: hhmm }).refine((w) => w.start < w.end, 'A window ends after it starts')).max(8),
    /** How many times one package can be moved by its customer. */
    rescheduleLimit: z.number().int().min(0).max(10),
    /** How long a customer link keeps working after delivery (so the customer can rate and change a rating). */
    linkDaysAfterDelivery: z.number().int().min(1).max(90),
  })
  .strict();
export type CustomerActionSettings = z.infer<typeof customerActionSettingsSchema>;

export const DEFAULT_CUSTOMER_ACTION_SETTINGS: CustomerActionSettings = {
  workingDays: [1, 2, 3, 4, 5],
  nextDayCutoff: '17:00',
  daysAhead: 7,
  closedDates: [],
  windows: [],
  rescheduleLimit: 2,
  linkDaysAfterDelivery: 14,
};

const safePlace = z.enum(SAFE_PLACES);
const window = z.object({ start: hhmm, end: hhmm });

/** What the customer's page reads (GET /api/customer-links/{token}): never the access code itself. */
export const customerActionsViewSchema = z.object({
  trackingNumber: z.string(),
  status: z.string(),
  deliveryWindow: z.string(),
  linkExpiresAt: z.string(),
  coordinatorPhone: z.string(),
  instructions: z.object({
    open: z.boolean(),
    instructions: z.string(),
    safePlace: safePlace.nullable(),
    neighbourName: z.string().nullable(),
    signatureWaived: z.boolean(),
    /** Whether the service type lets a customer waive the signature. */
    signatureWaivable: z.boolean(),
    accessCodeGiven: z.boolean(),
    updatedAt: z.string().nullable(),
  }),
  reschedule: z.object({
    open: z.boolean(),
    used: z.number().int(),
    limit: z.number().int(),
    days: z.array(z.object({ day: z.string(), label: z.string() })),
    windows: z.array(window),
    chosen: z.object({ day: z.string(), window: window.nullable() }).nullable(),
  }),
  feedback: z.object({
    open: z.boolean(),
    given: z.object({ stars: z.number().int(), comment: z.string(), tags: z.array(z.enum(FEEDBACK_TAGS)), editableUntil: z.string() }).nullable(),
  }),
});
export type CustomerActionsView = z.infer<typeof customerActionsViewSchema>;

/** What dispatch sees of a package's customer actions (GET /api/packages/{id}/customer-actions): the access code too. */
export const packageCustomerActionsSchema = z.object({
  instructions: z
    .object({ instructions: z.string(), safePlace: safePlace.nullable(), neighbourName: z.string().nullable(), signatureWaived: z.boolean(), accessCode: z.string().nullable(), updatedAt: z.string() })
    .nullable(),
  reschedules: z.array(z.object({ day: z.string(), window: window.nullable(), createdAt: z.string() })),
  feedback: z.object({ stars: z.number().int(), comment: z.string(), tags: z.array(z.enum(FEEDBACK_TAGS)), driverId: z.string().nullable(), createdAt: z.string(), updatedAt: z.string() }).nullable(),
});
export type PackageCustomerActions = z.infer<typeof packageCustomerActionsSchema>;

/** POST /api/packages/{id}/customer-link: the package's one customer link (made on first need, then the same). */
export const customerLinkSchema = z.object({ url: z.string(), expiresAt: z.string() });

/** POST /api/packages/{id}/customer-link/send: dispatch texts or emails the link to the package's customer. */
export const CUSTOMER_LINK_CHANNELS = ['sms', 'email'] as const;
export const sendCustomerLinkSchema = z.object({ channel: z.enum(CUSTOMER_LINK_CHANNELS, { error: "Choose 'sms' or 'email'" }) }).strict();
export type SendCustomerLinkInput = z.infer<typeof sendCustomerLinkSchema>;
/** What was sent: the channel and the recipient masked (the panel says where it went, the reply never holds the link). */
export const customerLinkSentSchema = z.object({ channel: z.enum(CUSTOMER_LINK_CHANNELS), to: z.string(), sentAt: z.string() });
export type CustomerLinkSent = z.infer<typeof customerLinkSentSchema>;

/** A driver's ratings (GET /api/drivers/{id}/feedback). */
export const driverFeedbackSchema = z.object({
  count: z.number().int(),
  average: z.number().nullable(),
  recent: z.array(z.object({ trackingNumber: z.string(), stars: z.number().int(), comment: z.string(), tags: z.array(z.enum(FEEDBACK_TAGS)), updatedAt: z.string() })),
});

/** GET /api/customer-actions/to-replan: packages whose customer chose a day after their route was last accepted. */
export const toReplanItemSchema = z.object({
  packageId: z.string(),
  trackingNumber: z.string(),
  status: z.string(),
  customerName: z.string(),
  deliveryAddress: z.string(),
  driver: z.string().nullable(),
  day: z.string(),
  window: window.nullable(),
  label: z.string(),
  chosenAt: z.string(),
});
export type ToReplanItem = z.infer<typeof toReplanItemSchema>;

/**
 * What the driver sees of a stop's customer actions (GET /api/drivers/{id}/customer-instructions): the access code only
 * on the day the package is out for delivery with this driver (null otherwise, with `accessCodeLater` saying one waits).
 */
export const driverStopInstructionsSchema = z.object({
  packageId: z.string(),
  instructions: z.string(),
  safePlace: safePlace.nullable(),
  neighbourName: z.string().nullable(),
  signatureWaived: z.boolean(),
  accessCode: z.string().nullable(),
  accessCodeLater: z.boolean(),
  updatedAt: z.string(),
});
export type DriverStopInstructions = z.infer<typeof driverStopInstructionsSchema>;
