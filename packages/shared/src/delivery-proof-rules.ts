import { SERVICE_TYPES } from './constants.ts';

/**
 * Delivery outcomes and proof of delivery (issue 18), the plain part: the lists, labels, messages and rules that the
 * driver's close-stop sheet and the server share. The zod schemas are in schemas/delivery-proof.ts, which re-exports
 * all of this; this module imports no zod, so a screen that needs only the rules does not load it (issue 21, part 7).
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

export const ATTEMPT_REASONS = ['nobody_home', 'no_safe_place', 'access_refused', 'address_not_found', 'business_closed', 'reschedule', 'damaged', 'could_not_pay', 'other'] as const;
export type AttemptReason = (typeof ATTEMPT_REASONS)[number];
export const ATTEMPT_REASON_LABELS: Record<AttemptReason, string> = {
  nobody_home: 'Nobody home',
  no_safe_place: 'No safe place',
  access_refused: 'Access refused',
  address_not_found: 'Address not found',
  business_closed: 'Business closed',
  reschedule: 'Customer asked to reschedule',
  damaged: 'Damaged',
  could_not_pay: 'Could not pay',
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
  malformedForm: 'The form could not be read: send multipart/form-data with a data field and at most a photo and a signature file',
  tooManyParts: 'Too many parts in the form: one data field, at most a photo and a signature file',
  fileExpected: 'must be a file',
  unsupportedImage: 'Unsupported image: send a JPEG, PNG or WebP picture',
  fileTooLarge: 'The file is larger than the limit',
  alreadyDelivered: 'This package is already delivered',
  linkInvalid: 'This link is invalid or has expired',
} as const;

/** What dispatch requires per service type (the shape of `deliveryRequirementSchema`). */
interface Requirement {
  serviceType: string;
  signatureRequired: boolean;
  photoRequired: boolean;
}

/** Signature on by default for Express and Overnight; photo for every outcome off (issue 18). */
export const DEFAULT_DELIVERY_REQUIREMENTS: Requirement[] = SERVICE_TYPES.map((serviceType) => ({
  serviceType,
  signatureRequired: serviceType === 'Express Delivery' || serviceType === 'Overnight Delivery',
  photoRequired: false,
}));

/** The requirement of a service type: the one set for it (case-insensitive), or none. */
export function requirementFor(requirements: readonly Requirement[], serviceType: string): Requirement {
  const key = serviceType.trim().toLowerCase();
  return requirements.find((r) => r.serviceType.toLowerCase() === key) ?? { serviceType, signatureRequired: false, photoRequired: false };
}

/** Which files an outcome needs: the sheet and the server ask the same question. */
export function proofNeeded(
  outcome: { kind: OutcomeKind; reason?: AttemptReason | null | undefined },
  requirement: Pick<Requirement, 'signatureRequired' | 'photoRequired'>,
): { photo: boolean; signature: boolean } {
  const photo =
    requirement.photoRequired ||
    outcome.kind === 'left' ||
    (outcome.kind === 'attempted' && !!outcome.reason && PHOTO_REQUIRED_REASONS.includes(outcome.reason));
  return { photo, signature: outcome.kind === 'delivered' && requirement.signatureRequired };
}

