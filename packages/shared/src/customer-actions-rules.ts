import { LEFT_PLACE_LABELS } from './delivery-proof-rules.ts';

/**
 * Customer actions (issue 33, design.md §13), the plain part: the lists, labels and messages that the customer's page,
 * the driver's stop and the server share. No zod here, so a page that needs only the words does not load it; the
 * schemas are in schemas/customer-actions.ts.
 */

/** The safe places a customer may choose: the places the driver's close-stop sheet offers, without 'other'. */
export const SAFE_PLACES = ['front_door', 'porch', 'back_door', 'mailroom', 'neighbour'] as const;
export type SafePlace = (typeof SAFE_PLACES)[number];
export const SAFE_PLACE_LABELS: Record<SafePlace, string> = {
  front_door: LEFT_PLACE_LABELS.front_door,
  porch: LEFT_PLACE_LABELS.porch,
  back_door: LEFT_PLACE_LABELS.back_door,
  mailroom: LEFT_PLACE_LABELS.mailroom,
  neighbour: LEFT_PLACE_LABELS.neighbour,
};

export const FEEDBACK_TAGS = ['on_time', 'late', 'careful', 'damaged', 'friendly_driver'] as const;
export type FeedbackTag = (typeof FEEDBACK_TAGS)[number];
export const FEEDBACK_TAG_LABELS: Record<FeedbackTag, string> = {
  on_time: 'On time',
  late: 'Late',
  careful: 'Careful',
  damaged: 'Damaged',
  friendly_driver: 'Friendly driver',
};

export const INSTRUCTIONS_MAX = 500;
export const FEEDBACK_COMMENT_MAX = 1000;
export const ACCESS_CODE_MAX = 40;
/** A rating may be changed for this long after it was first given. */
export const FEEDBACK_EDIT_DAYS = 7;
/** A rating at or below this alerts the coordinator. */
export const LOW_RATING_MAX_STARS = 2;

export const CUSTOMER_MSG = {
  linkInvalid: 'This link is invalid or has expired',
  instructionsTooLong: `Instructions can be at most ${INSTRUCTIONS_MAX} characters`,
  neighbourRequired: "Neighbour's name is required",
  safePlaceUnknown: 'Choose a safe place: front door, porch, back door, mailroom or a neighbour',
  accessCodeTooLong: `The access code can be at most ${ACCESS_CODE_MAX} characters`,
  signatureRequired: 'This service needs a signature: it cannot be waived',
  instructionsClosed: 'The driver has already arrived: instructions can no longer be changed',
  rescheduleClosed: 'This delivery cannot be moved now',
  rescheduleLimit: 'This delivery has been moved as often as it can be: please call us',
  dayNotOffered: 'Choose one of the days offered',
  windowNotOffered: 'Choose one of the windows offered',
  feedbackClosed: 'You can rate a delivery once it has been delivered',
  feedbackLocked: 'A rating can be changed for 7 days only',
  starsRange: 'Choose 1 to 5 stars',
  commentTooLong: `The comment can be at most ${FEEDBACK_COMMENT_MAX} characters`,
  tagUnknown: 'Unknown tag',
  // Dispatch sends the link (POST /api/packages/{id}/customer-link/send)
  noCustomerEmail: 'This package has no customer email',
  noCustomerPhone: 'This package has no customer phone that can receive a text',
  emailUnsubscribed: 'This customer has unsubscribed from email about this package',
  noEmailChannel: 'Email is not configured (SMTP_URL)',
  linkNotSent: 'The message was not accepted: try again later, or copy the link',
} as const;
