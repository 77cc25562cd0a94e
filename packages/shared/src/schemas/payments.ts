import { z } from 'zod';
import { LEDGER_KINDS, MONEY_MAX_MINOR, PAYMENT_METHODS, PAYMENT_MSG } from '../money.ts';
import { numberInput, optionalText } from './common.ts';

/**
 * Payments (issue 32, design.md §12): amounts are integers in the currency's minor unit, through the API as through
 * the forms (which read what a person types with `parseMoney`). The ledger is append-only: these are the only inputs.
 */
const minorAmount = (message: string = PAYMENT_MSG.amountInvalid) =>
  numberInput(
    z.number({ error: message }).int(message).min(1, PAYMENT_MSG.amountPositive).max(MONEY_MAX_MINOR, PAYMENT_MSG.amountTooLarge),
    message,
  );

/** A package's amount due on the Create and Edit forms, the import and the API: whole minor units, 0 or more. */
export const amountDueInput = numberInput(
  z.number({ error: PAYMENT_MSG.amountInvalid }).int(PAYMENT_MSG.amountInvalid).min(0, PAYMENT_MSG.amountInvalid).max(MONEY_MAX_MINOR, PAYMENT_MSG.amountTooLarge),
  PAYMENT_MSG.amountInvalid,
);

export const clientIdInput = z.string().trim().min(8).max(64).regex(/^[A-Za-z0-9_:-]+$/);

const paymentFields = {
  method: z.enum(PAYMENT_METHODS, { error: PAYMENT_MSG.methodInvalid }),
  /** Minor units; a driver's is positive and at most ten times the balance (the server checks). */
  amount: numberInput(z.number({ error: PAYMENT_MSG.amountInvalid }).int(PAYMENT_MSG.amountInvalid).max(MONEY_MAX_MINOR, PAYMENT_MSG.amountTooLarge), PAYMENT_MSG.amountInvalid),
  /** The card terminal's reference, a bank or online payment's reference. */
  reference: optionalText(100),
};
const needsReference = (v: { method: string; reference: string | null }, ctx: z.RefinementCtx) => {
  if (v.method === 'card' && !v.reference) ctx.addIssue({ code: 'custom', path: ['reference'], message: PAYMENT_MSG.referenceRequired });
};

/** POST /api/packages/{id}/payments: a payment received. `clientId` makes a resend from an offline queue count once. */
export const paymentInputSchema = z.object({ ...paymentFields, clientId: clientIdInput.optional() }).superRefine(needsReference);
export type PaymentInput = z.input<typeof paymentInputSchema>;
export type PaymentInputParsed = z.output<typeof paymentInputSchema>;

/** A payment taken while closing a stop (the outcome's `payment`): its client id is the outcome's. */
export const outcomePaymentSchema = z.object(paymentFields).superRefine(needsReference);
export type OutcomePayment = z.output<typeof outcomePaymentSchema>;

/** POST /api/packages/{id}/payments/adjustments (admin): a refund or a correction, a negative entry with a reason. */
export const paymentAdjustmentSchema = z.object({
  kind: z.enum(['refund', 'correction'], { error: 'Kind is refund or correction' }),
  /** How much to take off what was paid, as a positive number of minor units; stored negative. */
  amount: minorAmount(),
  method: z.enum(PAYMENT_METHODS, { error: PAYMENT_MSG.methodInvalid }).nullish().transform((v) => v ?? null),
  reference: optionalText(100),
  reason: z.string({ error: PAYMENT_MSG.reasonRequired }).trim().min(3, PAYMENT_MSG.reasonRequired).max(500),
});
export type PaymentAdjustment = z.input<typeof paymentAdjustmentSchema>;

/** POST /api/packages/{id}/payments/release (admin): deliver without payment, with the reason. */
export const paymentReleaseSchema = z.object({
  reason: z.string({ error: PAYMENT_MSG.reasonRequired }).trim().min(3, PAYMENT_MSG.reasonRequired).max(500),
});

export const ledgerEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(LEDGER_KINDS),
  method: z.enum(PAYMENT_METHODS).nullable(),
  /** Minor units, signed: due entries change what is owed, payments add to what is paid, refunds and corrections take off. */
  amount: z.number().int(),
  reference: z.string().nullable(),
  reason: z.string().nullable(),
  /** Who recorded it, in words ('Dispatch (admin@…)', the driver's name, the API key's name). */
  recordedBy: z.string(),
  actorType: z.string(),
  createdAt: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/** A package's money: sums from the ledger (never stored apart from it) and its entries, oldest first. */
export const paymentSummarySchema = z.object({
  currency: z.string(),
  amountDue: z.number().int(),
  paid: z.number().int(),
  balance: z.number().int(),
  released: z.boolean(),
});
export type PaymentSummary = z.infer<typeof paymentSummarySchema>;

export const packageLedgerSchema = paymentSummarySchema.extend({
  packageId: z.string(),
  trackingNumber: z.string(),
  entries: z.array(ledgerEntrySchema),
});
export type PackageLedger = z.infer<typeof packageLedgerSchema>;

/** The reply to a payment, an adjustment or a release: the entry and the package's money after it. */
export const paymentResultSchema = z.object({ entry: ledgerEntrySchema, ledger: packageLedgerSchema, duplicate: z.boolean() });
export type PaymentResult = z.infer<typeof paymentResultSchema>;

export const dayInput = z.string({ error: PAYMENT_MSG.handoverDayInvalid }).regex(/^\d{4}-\d{2}-\d{2}$/, PAYMENT_MSG.handoverDayInvalid).refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), PAYMENT_MSG.handoverDayInvalid);

/** GET /api/collections: one day, optionally one driver. */
export const collectionsQuerySchema = z.object({ day: dayInput, driverId: z.string().trim().min(1).max(200).optional() });

const packageMoneyRef = z.object({ packageId: z.string(), trackingNumber: z.string(), customerName: z.string(), amountDue: z.number().int(), balance: z.number().int() });

/** One driver's day (issue 32, item 6). */
export const driverCollectionSchema = z.object({
  driverId: z.string(),
  driverName: z.string(),
  /** Cash the driver recorded that day: what they should have in hand. */
  cash: z.number().int(),
  card: z.number().int(),
  /** Bank transfer, online and other methods recorded by the driver. */
  other: z.number().int(),
  /** What dispatch entered as handed over that day (the sum of the day's hand-overs). */
  handedOver: z.number().int(),
  /** handedOver − cash: negative is a shortfall (shown in red). */
  difference: z.number().int(),
  shortfall: z.boolean(),
  /** The driver's packages delivered that day with a release and no full payment. */
  deliveredWithRelease: z.array(packageMoneyRef),
  /** The driver's packages that still owe money. */
  stillOwing: z.array(packageMoneyRef),
});
export type DriverCollection = z.infer<typeof driverCollectionSchema>;

export const collectionsSchema = z.object({ day: z.string(), currency: z.string(), drivers: z.array(driverCollectionSchema) });
export type Collections = z.infer<typeof collectionsSchema>;

/** POST /api/collections/handovers (admin): cash a driver handed over on a day. */
export const handoverInputSchema = z.object({
  driverId: z.string({ error: 'Choose a driver' }).trim().min(1, 'Choose a driver').max(200),
  day: dayInput,
  amount: numberInput(z.number({ error: PAYMENT_MSG.amountInvalid }).int(PAYMENT_MSG.amountInvalid).min(0, PAYMENT_MSG.amountInvalid).max(MONEY_MAX_MINOR, PAYMENT_MSG.amountTooLarge), PAYMENT_MSG.amountInvalid),
  note: optionalText(500),
});
export type HandoverInput = z.input<typeof handoverInputSchema>;

/** GET /api/drivers/me/cash: the signed-in driver's cash in hand today. */
export const driverCashSchema = z.object({ day: z.string(), currency: z.string(), cash: z.number().int(), handedOver: z.number().int(), inHand: z.number().int() });
export type DriverCash = z.infer<typeof driverCashSchema>;

/** POST /api/pickup-requests/{id}/package: the reply (201 made now, 200 the one made before). */
export const pickupPackageResultSchema = z.object({ packageId: z.string(), trackingNumber: z.string(), created: z.boolean() });
