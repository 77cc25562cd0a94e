import { z } from 'zod';
import { CLOSED_MSG, REOPEN_STATUSES } from '../status.ts';
import { packageSchema } from './package.ts';
import { isoTimestamp, latitude, longitude, numberInput, optionalText } from './common.ts';
import { outcomePaymentSchema, paymentSummarySchema } from './payments.ts';

/**
 * Delivery outcomes and proof of delivery (issue 18): how a driver closes a stop, what dispatch requires for it, and
 * what each caller sees of it afterwards. The sheet in the driver pages and the server check the same rules from here.
 */

// The outcomes' lists, labels, messages and rules are plain data in ../delivery-proof-rules.ts (no zod): the driver's
// close-stop sheet imports them without the schemas (issue 21, part 7). Re-exported here as before.
import {
  ATTEMPT_REASONS,
  LEFT_PLACES,
  OUTCOME_KINDS,
  PROOF_MSG,
} from '../delivery-proof-rules.ts';
export {
  ATTEMPT_REASONS,
  ATTEMPT_REASON_LABELS,
  DEFAULT_DELIVERY_REQUIREMENTS,
  FAR_FROM_ADDRESS_M,
  LEFT_PLACES,
  LEFT_PLACE_LABELS,
  OUTCOME_KINDS,
  OUTCOME_LABELS,
  PHOTO_REQUIRED_REASONS,
  PROOF_MSG,
  proofNeeded,
  requirementFor,
  type AttemptReason,
  type LeftPlace,
  type OutcomeKind,
} from '../delivery-proof-rules.ts';

/**
 * The completion as the phone sends it (the multipart `data` field, JSON): the outcome, its details, and the phone's
 * time and position at that moment. `clientId` identifies the completion, so a resend from the offline queue is
 * answered with the first one rather than stored twice.
 */
export const outcomeInputSchema = z
  .object({
    kind: z.enum(OUTCOME_KINDS, { error: PROOF_MSG.invalidOutcome }),
    clientId: z.string().trim().min(8).max(64).regex(/^[A-Za-z0-9_-]+$/).optional(),
    recipientName: optionalText(100),
    leftAt: z.enum(LEFT_PLACES, { error: PROOF_MSG.placeRequired }).nullish(),
    neighbourName: optionalText(100),
    reason: z.enum(ATTEMPT_REASONS, { error: PROOF_MSG.reasonRequired }).nullish(),
    note: optionalText(500),
    deviceTime: isoTimestamp,
    lat: latitude.nullish(),
    lng: longitude.nullish(),
    accuracy: numberInput(z.number().min(0).max(100_000)).nullish(),
    /** A payment taken at the door before unloading (issue 32): recorded first, under the completion's clientId. */
    payment: outcomePaymentSchema.nullish(),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'delivered' && !v.recipientName) ctx.addIssue({ code: 'custom', path: ['recipientName'], message: PROOF_MSG.recipientRequired });
    if (v.kind === 'left' && !v.leftAt) ctx.addIssue({ code: 'custom', path: ['leftAt'], message: PROOF_MSG.placeRequired });
    if (v.kind === 'left' && v.leftAt === 'neighbour' && !v.neighbourName) ctx.addIssue({ code: 'custom', path: ['neighbourName'], message: PROOF_MSG.neighbourRequired });
    if (v.kind === 'attempted' && !v.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: PROOF_MSG.reasonRequired });
  });
export type OutcomeInput = z.input<typeof outcomeInputSchema>;
export type OutcomeInputParsed = z.output<typeof outcomeInputSchema>;

/** What dispatch requires per service type. */
export const deliveryRequirementSchema = z.object({
  serviceType: z.string().trim().min(1).max(100),
  signatureRequired: z.boolean(),
  photoRequired: z.boolean(),
});
export type DeliveryRequirement = z.infer<typeof deliveryRequirementSchema>;
export const deliveryRequirementsSchema = z.object({ requirements: z.array(deliveryRequirementSchema).max(50) });
export type DeliveryRequirements = z.infer<typeof deliveryRequirementsSchema>;

/** A file shown through an unguessable link that expires. */
export const proofFileLinkSchema = z.object({ url: z.string(), thumbUrl: z.string().nullable(), expiresAt: z.string() });

/**
 * One outcome as a caller sees it. The public view (by tracking number) has the outcome in words, the time, where it
 * was left and the recipient's initials; the full view (admin, the assigned driver, the customer's share link) adds
 * the names, the note, the position and the files' links.
 */
export const outcomeViewSchema = z.object({
  id: z.string(),
  kind: z.enum(OUTCOME_KINDS),
  label: z.string(),
  /** The phone's time when the stop was closed. */
  at: z.string(),
  leftAt: z.enum(LEFT_PLACES).nullable(),
  leftAtLabel: z.string().nullable(),
  reason: z.enum(ATTEMPT_REASONS).nullable(),
  reasonLabel: z.string().nullable(),
  recipientInitials: z.string().nullable(),
  /** When dispatch reopened this delivery (issue 31); the outcome and its proof stay. Null when it was not. */
  reopenedAt: z.string().nullable(),
  full: z
    .object({
      recipientName: z.string().nullable(),
      neighbourName: z.string().nullable(),
      note: z.string().nullable(),
      driverName: z.string().nullable(),
      position: z.object({ lat: z.number(), lng: z.number(), accuracy: z.number().nullable() }).nullable(),
      distanceM: z.number().nullable(),
      farFromAddress: z.boolean(),
      photo: proofFileLinkSchema.nullable(),
      signature: proofFileLinkSchema.nullable(),
      /** Who reopened the delivery and why (dispatch's words). */
      reopenedBy: z.string().nullable(),
      reopenReason: z.string().nullable(),
    })
    .nullable(),
});
export type OutcomeView = z.infer<typeof outcomeViewSchema>;

export const deliveryProofSchema = z.object({
  trackingNumber: z.string(),
  status: z.string(),
  view: z.enum(['public', 'full']),
  /** The delivery address and its coordinates, for the full view's map (null in the public view). */
  delivery: z.object({ address: z.string(), lat: z.number().nullable(), lng: z.number().nullable() }).nullable(),
  /** Oldest first: every attempt, then the delivery. */
  outcomes: z.array(outcomeViewSchema),
  /**
   * The money (issue 32): in the full view only (the customer's share link, the driver, dispatch), never by tracking
   * number; null when nothing was ever owed. `howToPay` is the company's words.
   */
  payment: paymentSummarySchema.extend({ howToPay: z.string() }).nullable(),
});
export type DeliveryProof = z.infer<typeof deliveryProofSchema>;

/** The reply to a completion: the outcome as the driver sees it, and the package's status now. */
export const outcomeResultSchema = z.object({ outcome: outcomeViewSchema, status: z.string(), duplicate: z.boolean() });
export type OutcomeResult = z.infer<typeof outcomeResultSchema>;

/** Dispatch reopens a closed delivery (issue 31): a reason, and the status it goes back to (out for delivery unless chosen). */
export const reopenInputSchema = z.object({
  reason: z.string({ error: CLOSED_MSG.reasonRequired }).trim().min(3, CLOSED_MSG.reasonRequired).max(500),
  status: z.enum(REOPEN_STATUSES).default('out_for_delivery'),
});
export type ReopenInput = z.input<typeof reopenInputSchema>;
export type ReopenInputParsed = z.output<typeof reopenInputSchema>;
/** The reply to a reopen: the package as it is now, and the delivery outcome marked reopened (null when it had none). */
export const reopenResultSchema = z.object({ package: packageSchema, outcome: outcomeViewSchema.nullable() });
export type ReopenResult = z.infer<typeof reopenResultSchema>;

export const attemptedPackageSchema = z.object({
  packageId: z.string(),
  trackingNumber: z.string(),
  status: z.string(),
  customerName: z.string(),
  deliveryAddress: z.string(),
  driver: z.string().nullable(),
  attempts: z.number(),
  lastAttempt: outcomeViewSchema,
  /** The day the customer chose through their link since (issue 33), in words: 'Thursday, December 3, 2026, 9:00-12:00'. */
  customerChoice: z.object({ day: z.string(), label: z.string(), chosenAt: z.string() }).nullable().optional(),
});
export type AttemptedPackage = z.infer<typeof attemptedPackageSchema>;

/** The recipient's initials for the public view: 'Olivia Martin' → 'O. M.'. */
export function initialsOf(name: string | null): string | null {
  if (!name) return null;
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (!parts.length) return null;
  return parts.map((p) => `${[...p][0]!.toUpperCase()}.`).join(' ');
}
