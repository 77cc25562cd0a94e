import {
  FEEDBACK_TAGS,
  formatDeliveryDay,
  SAFE_PLACES,
  type CustomerActionsView,
  type FeedbackTag,
  type PackageCustomerActions,
  type SafePlace,
} from '@cargo/shared';
import type { PackageFeedbackRow, PackageInstructionsRow, PackageRescheduleRow } from '../db/types.ts';
import { customerLinkEnd, feedbackEditableUntil, mayGiveInstructions, mayRate, mayReschedule, rescheduleLimitReached, type CustomerLinkFacts } from '../policies/customer-link.ts';

const safePlaceOf = (value: string | null): SafePlace | null => ((SAFE_PLACES as readonly string[]).includes(value ?? '') ? (value as SafePlace) : null);
const tagsOf = (text: string): FeedbackTag[] => text.split(' ').filter((t): t is FeedbackTag => (FEEDBACK_TAGS as readonly string[]).includes(t));
const windowOf = (row: Pick<PackageRescheduleRow, 'windowStart' | 'windowEnd'>) => (row.windowStart && row.windowEnd ? { start: row.windowStart, end: row.windowEnd } : null);

export interface CustomerPageParts {
  instructions: PackageInstructionsRow | undefined;
  signatureWaivable: boolean;
  reschedules: PackageRescheduleRow[];
  days: string[];
  feedback: PackageFeedbackRow | undefined;
  coordinatorPhone: string;
}

/**
 * What the customer's page reads through the link (customerActionsViewSchema): what they gave and what they may still
 * do. The access code is never sent back, only whether one was given: a forwarded link must not reveal it.
 */
export function presentCustomerActionsView(facts: CustomerLinkFacts, parts: CustomerPageParts): CustomerActionsView {
  const { pkg, link, deliveredAt, settings } = facts;
  const ins = parts.instructions;
  const used = parts.reschedules.length;
  const latest = parts.reschedules.at(-1);
  return {
    trackingNumber: pkg.trackingNumber,
    status: pkg.status,
    deliveryWindow: pkg.estimatedDelivery,
    linkExpiresAt: customerLinkEnd(link, deliveredAt, settings),
    coordinatorPhone: parts.coordinatorPhone,
    instructions: {
      open: mayGiveInstructions(facts),
      instructions: ins?.instructions ?? '',
      safePlace: safePlaceOf(ins?.safePlace ?? null),
      neighbourName: ins?.neighbourName ?? null,
      signatureWaived: ins?.signatureWaived === 1,
      signatureWaivable: parts.signatureWaivable,
      accessCodeGiven: !!ins?.accessCode,
      updatedAt: ins?.updatedAt ?? null,
    },
    reschedule: {
      open: mayReschedule(facts) && !rescheduleLimitReached(used, settings),
      used,
      limit: settings.rescheduleLimit,
      days: mayReschedule(facts) ? parts.days.map((day) => ({ day, label: formatDeliveryDay(day) })) : [],
      windows: settings.windows,
      chosen: latest ? { day: latest.day, window: windowOf(latest) } : null,
    },
    feedback: {
      open: mayRate(facts),
      given: parts.feedback
        ? { stars: parts.feedback.stars, comment: parts.feedback.comment, tags: tagsOf(parts.feedback.tags), editableUntil: feedbackEditableUntil(parts.feedback) }
        : null,
    },
  };
}

/** What dispatch sees of a package's customer actions (packageCustomerActionsSchema): the access code included. */
export function presentPackageCustomerActions(ins: PackageInstructionsRow | undefined, reschedules: PackageRescheduleRow[], feedback: PackageFeedbackRow | undefined): PackageCustomerActions {
  return {
    instructions: ins
      ? { instructions: ins.instructions, safePlace: safePlaceOf(ins.safePlace), neighbourName: ins.neighbourName, signatureWaived: ins.signatureWaived === 1, accessCode: ins.accessCode, updatedAt: ins.updatedAt }
      : null,
    reschedules: reschedules.map((r) => ({ day: r.day, window: windowOf(r), createdAt: r.createdAt })),
    feedback: feedback
      ? { stars: feedback.stars, comment: feedback.comment, tags: tagsOf(feedback.tags), driverId: feedback.driverId, createdAt: feedback.createdAt, updatedAt: feedback.updatedAt }
      : null,
  };
}

export function presentDriverFeedback(summary: { count: number; average: number | null }, recent: Array<PackageFeedbackRow & { trackingNumber: string }>) {
  return {
    count: summary.count,
    average: summary.average,
    recent: recent.map((r) => ({ trackingNumber: r.trackingNumber, stars: r.stars, comment: r.comment, tags: tagsOf(r.tags), updatedAt: r.updatedAt })),
  };
}

export { windowOf as rescheduleWindowOf };
