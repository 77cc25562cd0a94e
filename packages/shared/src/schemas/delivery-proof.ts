import { z } from 'zod';
import { SERVICE_TYPES } from '../constants.ts';
import { isoTimestamp, latitude, longitude, numberInput, optionalText } from './common.ts';

/**
 * Delivery outcomes and proof of delivery (issue 18): how a driver closes a stop, what dispatch requires for it, and
 * what each caller sees of it afterwards. The sheet in the driver pages and the server check the same rules from here.
 */

/** Delivered to a person, left without a person (the Shipping Guide's drop-off), or attempted and not delivered. */
export const OUTCOME_KINDS = ['delivered', 'left', 'attempted'] as const;
export type OutcomeKind = (typeof OUTCOME_KINDS)[number];
export const OUTCOME_LABELS: Record<OutcomeKind, string> = {
  delivered: 'Delivered to a person',
  left: 'Left without a person',
  attempted: 'Attempted, not delivered',
};

export const LEFT_PLACES = ['front_door', 'back_door', 'porch', 'mailroom', 'neighbour', 'other'] as const;
export type LeftPlace = (typeof LEFT_PLACES)[number];
export const LEFT_PLACE_LABELS: Record<LeftPlace, string> = {
  front_door: 'Front door',
  back_door: 'Back door',
  porch: 'Porch',
  mailroom: 'Mailroom or reception',
  neighbour: 'With a neighbour',
  other: 'Other',
};

export const ATTEMPT_REASONS = ['nobody_home', 'no_safe_place', 'access_refused', 'address_not_found', 'business_closed', 'reschedule', 'damaged', 'other'] as const;
export type AttemptReason = (typeof ATTEMPT_REASONS)[number];
export const ATTEMPT_REASON_LABELS: Record<AttemptReason, string> = {
  nobody_home: 'Nobody home',
  no_safe_place: 'No safe place',
  access_refused: 'Access refused',
  address_not_found: 'Address not found',
  business_closed: 'Business closed',
  reschedule: 'Customer asked to reschedule',
  damaged: 'Damaged',
  other: 'Other',
};
/** Attempt reasons that need a photo whatever dispatch set: the damage, or the door nobody opened. */
export const PHOTO_REQUIRED_REASONS: readonly AttemptReason[] = ['damaged', 'nobody_home'];

/** A completion further than this from the delivery address is flagged for dispatch. */
export const FAR_FROM_ADDRESS_M = 200;

export const PROOF_MSG = {
  recipientRequired: 'Recipient name is required',
  placeRequired: 'Choose where the package was left',
  neighbourRequired: "Neighbour's name is required",
  reasonRequired: 'Choose why the package was not delivered',
  signatureRequired: 'A signature is required for this delivery',
  photoRequired: 'A photo is required for this outcome',
  signatureNotAllowed: 'A signature is only taken when the package is handed to a person',
  invalidOutcome: 'Choose an outcome: delivered, left or attempted',
  multipartRequired: 'Send the completion as multipart/form-data with a data field',
  dataRequired: 'The data field is required',
  dataInvalid: 'The data field must be JSON',
  unknownPart: 'Unknown form field',
  unsupportedImage: 'Unsupported image: send a JPEG, PNG or WebP picture',
  fileTooLarge: 'The file is larger than the limit',
  alreadyDelivered: 'This package is already delivered',
  linkInvalid: 'This link is invalid or has expired',
} as const;

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

/** Signature on by default for Express and Overnight; photo for every outcome off (issue 18). */
export const DEFAULT_DELIVERY_REQUIREMENTS: DeliveryRequirement[] = SERVICE_TYPES.map((serviceType) => ({
  serviceType,
  signatureRequired: serviceType === 'Express Delivery' || serviceType === 'Overnight Delivery',
  photoRequired: false,
}));

/** The requirement of a service type: the one set for it (case-insensitive), or none. */
export function requirementFor(requirements: readonly DeliveryRequirement[], serviceType: string): DeliveryRequirement {
  const key = serviceType.trim().toLowerCase();
  return requirements.find((r) => r.serviceType.toLowerCase() === key) ?? { serviceType, signatureRequired: false, photoRequired: false };
}

/** Which files an outcome needs: the sheet and the server ask the same question. */
export function proofNeeded(
  outcome: { kind: OutcomeKind; reason?: AttemptReason | null | undefined },
  requirement: Pick<DeliveryRequirement, 'signatureRequired' | 'photoRequired'>,
): { photo: boolean; signature: boolean } {
  const photo =
    requirement.photoRequired ||
    outcome.kind === 'left' ||
    (outcome.kind === 'attempted' && !!outcome.reason && PHOTO_REQUIRED_REASONS.includes(outcome.reason));
  return { photo, signature: outcome.kind === 'delivered' && requirement.signatureRequired };
}

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
});
export type DeliveryProof = z.infer<typeof deliveryProofSchema>;

/** The reply to a completion: the outcome as the driver sees it, and the package's status now. */
export const outcomeResultSchema = z.object({ outcome: outcomeViewSchema, status: z.string(), duplicate: z.boolean() });
export type OutcomeResult = z.infer<typeof outcomeResultSchema>;

export const attemptedPackageSchema = z.object({
  packageId: z.string(),
  trackingNumber: z.string(),
  status: z.string(),
  customerName: z.string(),
  deliveryAddress: z.string(),
  driver: z.string().nullable(),
  attempts: z.number(),
  lastAttempt: outcomeViewSchema,
});
export type AttemptedPackage = z.infer<typeof attemptedPackageSchema>;

/** The recipient's initials for the public view: 'Olivia Martin' → 'O. M.'. */
export function initialsOf(name: string | null): string | null {
  if (!name) return null;
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (!parts.length) return null;
  return parts.map((p) => `${[...p][0]!.toUpperCase()}.`).join(' ');
}
