import { FEEDBACK_EDIT_DAYS, type CustomerActionSettings } from '@cargo/shared';
import type { PackageFeedbackRow, PackageRow, ShareLinkRow } from '../db/types.ts';
import { parseProximityState } from '../services/proximity.ts';

/**
 * What a customer link may do (issue 33, design.md §13): the one place that decides it. A customer acts only through
 * a customer share link, never a tracking number; the link works from its creation until its own expiry or, once the
 * package is delivered, until `linkDaysAfterDelivery` days after delivery, whichever comes first; revoked, it is dead.
 */

const FINAL_STATUSES: ReadonlySet<string> = new Set(['delivered', 'returned', 'cancelled']);
/** Not out for delivery yet: the customer may move the day before the driver sets off. */
const BEFORE_GOING_OUT: ReadonlySet<string> = new Set(['processing', 'pending', 'picked_up', 'in_transit']);

export interface CustomerLinkFacts {
  link: ShareLinkRow;
  pkg: PackageRow;
  /** When the package was delivered (its newest 'delivered' history entry), or null. */
  deliveredAt: string | null;
  /** The kind of the package's newest delivery outcome ('delivered', 'left', 'attempted'), or null. */
  lastOutcome: string | null;
  settings: CustomerActionSettings;
  nowMs: number;
}

/** Whether the link still acts: a customer link, not revoked, not past its expiry nor its time after delivery. */
export function customerLinkLive(link: ShareLinkRow, deliveredAt: string | null, settings: CustomerActionSettings, nowMs: number): boolean {
  if (link.kind !== 'customer' || link.revokedAt) return false;
  if (Date.parse(link.expiresAt) <= nowMs) return false;
  if (deliveredAt && Date.parse(deliveredAt) + settings.linkDaysAfterDelivery * 86_400_000 <= nowMs) return false;
  return true;
}

/** When the link stops acting: its expiry, or the time after delivery when that comes first. */
export function customerLinkEnd(link: ShareLinkRow, deliveredAt: string | null, settings: CustomerActionSettings): string {
  const expiry = Date.parse(link.expiresAt);
  const afterDelivery = deliveredAt ? Date.parse(deliveredAt) + settings.linkDaysAfterDelivery * 86_400_000 : Infinity;
  return new Date(Math.min(expiry, afterDelivery)).toISOString();
}

/**
 * Instructions, safe place, waiver and access code: until the driver arrives. Arrived means within 200 m on the way
 * out ('very_near' fired) or the stop closed as delivered or left; after an attempt they are open again for the next.
 */
export function mayGiveInstructions({ pkg, lastOutcome }: Pick<CustomerLinkFacts, 'pkg' | 'lastOutcome'>): boolean {
  if (FINAL_STATUSES.has(pkg.status)) return false;
  if (lastOutcome === 'delivered' || lastOutcome === 'left') return false;
  if (lastOutcome === 'attempted') return true;
  return !(pkg.status === 'out_for_delivery' && parseProximityState(pkg.proximityState).fired.includes('very_near'));
}

/** A new day: after an attempt, or before the package goes out; never once delivered, returned or cancelled. */
export function mayReschedule({ pkg, lastOutcome }: Pick<CustomerLinkFacts, 'pkg' | 'lastOutcome'>): boolean {
  if (FINAL_STATUSES.has(pkg.status)) return false;
  if (lastOutcome === 'delivered' || lastOutcome === 'left') return false;
  return lastOutcome === 'attempted' || BEFORE_GOING_OUT.has(pkg.status);
}

export const rescheduleLimitReached = (used: number, settings: CustomerActionSettings): boolean => used >= settings.rescheduleLimit;

/** A rating: once delivered; a rating given can be changed for 7 days from when it was first given. */
export function mayRate({ pkg, lastOutcome }: Pick<CustomerLinkFacts, 'pkg' | 'lastOutcome'>): boolean {
  return pkg.status === 'delivered' || lastOutcome === 'delivered' || lastOutcome === 'left';
}

export function feedbackEditableUntil(feedback: Pick<PackageFeedbackRow, 'createdAt'>): string {
  return new Date(Date.parse(feedback.createdAt) + FEEDBACK_EDIT_DAYS * 86_400_000).toISOString();
}

export const feedbackLocked = (feedback: Pick<PackageFeedbackRow, 'createdAt'> | undefined, nowMs: number): boolean =>
  !!feedback && Date.parse(feedbackEditableUntil(feedback)) <= nowMs;

/**
 * Who sees a package's access code (design.md §13): dispatch, and the driver it is assigned to on the day it is out for
 * delivery (or after an attempt, for the next one). Never the public view, a webhook, an export or a log line.
 */
export function accessCodeVisibleTo(viewer: { role: 'admin' } | { role: 'driver'; driverId: string }, pkg: Pick<PackageRow, 'driverId' | 'status'>): boolean {
  if (viewer.role === 'admin') return true;
  return pkg.driverId === viewer.driverId && pkg.status === 'out_for_delivery';
}
