import type { PackageStatus } from './status.ts';

/**
 * The event stream (design.md §9, decision 046): every change that matters, dotted and past-tense in meaning. Customer
 * messages and webhooks read this one list. GPS fixes are not events.
 */
export const EVENT_TYPES = [
  'package.created',
  'package.picked_up',
  'package.in_transit',
  'package.out_for_delivery',
  'package.approaching',
  'package.arriving',
  'package.delivered',
  'package.attempted',
  'package.exception',
  'package.returned',
  'package.cancelled',
  'package.eta_changed',
  'package.instructions_updated',
  'package.rescheduled',
  'feedback.received',
  'feedback.low_rating',
  'pickup_request.created',
  'pickup_request.confirmed',
  'payment.recorded',
  'payment.refunded',
  'payment.released',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const EVENT_LABELS: Record<EventType, string> = {
  'package.created': 'Package created',
  'package.picked_up': 'Picked up',
  'package.in_transit': 'In transit',
  'package.out_for_delivery': 'Out for delivery',
  'package.approaching': 'Approaching (within 5 km)',
  'package.arriving': 'Arriving (within 1 km)',
  'package.delivered': 'Delivered',
  'package.attempted': 'Delivery attempted',
  'package.exception': 'Exception',
  'package.returned': 'Returned',
  'package.cancelled': 'Cancelled',
  'package.eta_changed': 'Expected arrival changed (before the delivery window, or the arrival window moved later)',
  'package.instructions_updated': 'Customer gave delivery instructions',
  'package.rescheduled': 'Customer chose a new delivery day',
  'feedback.received': 'Customer rated the delivery',
  'feedback.low_rating': 'Low rating (2 stars or fewer)',
  'pickup_request.created': 'Pickup request received',
  'pickup_request.confirmed': 'Pickup request confirmed',
  'payment.recorded': 'Payment recorded',
  'payment.refunded': 'Payment refunded or corrected',
  'payment.released': 'Released without payment',
};

/** The status events: a package entering one of these statuses writes `package.{status}`. */
const STATUS_EVENTS: Partial<Record<PackageStatus, EventType>> = {
  picked_up: 'package.picked_up',
  in_transit: 'package.in_transit',
  out_for_delivery: 'package.out_for_delivery',
  delivered: 'package.delivered',
  exception: 'package.exception',
  returned: 'package.returned',
  cancelled: 'package.cancelled',
};

/** The event a change into `status` writes; undefined for statuses that are not events (processing, pending). */
export const statusEventType = (status: string): EventType | undefined => STATUS_EVENTS[status as PackageStatus];

export const isEventType = (value: string): value is EventType => (EVENT_TYPES as readonly string[]).includes(value);
