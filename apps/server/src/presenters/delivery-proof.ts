import {
  ATTEMPT_REASON_LABELS,
  FAR_FROM_ADDRESS_M,
  LEFT_PLACE_LABELS,
  OUTCOME_LABELS,
  initialsOf,
  type AttemptReason,
  type AttemptedPackage,
  type LeftPlace,
  type OutcomeKind,
  type OutcomeView,
} from '@cargo/shared';
import type { DeliveryOutcomeRow, PackageRow } from '../db/types.ts';

/** A file's link as the full view shows it (made by the service's signer). */
export interface FileLink {
  url: string;
  thumbUrl: string | null;
  expiresAt: string;
}

/**
 * One outcome (design.md §10). `links` is null for the public view: the outcome in words, the time, where it was left
 * and the recipient's initials, never a name, the note, the position or a file.
 */
export function presentOutcome(row: DeliveryOutcomeRow, links: { photo: FileLink | null; signature: FileLink | null } | null): OutcomeView {
  const kind = row.kind as OutcomeKind;
  const leftAt = (row.leftAt as LeftPlace | null) ?? null;
  const reason = (row.reason as AttemptReason | null) ?? null;
  return {
    id: row.id,
    kind,
    label: OUTCOME_LABELS[kind] ?? row.kind,
    at: row.deviceTime,
    leftAt,
    leftAtLabel: leftAt ? (LEFT_PLACE_LABELS[leftAt] ?? leftAt) : null,
    reason,
    reasonLabel: reason ? (ATTEMPT_REASON_LABELS[reason] ?? reason) : null,
    recipientInitials: initialsOf(row.recipientName ?? (leftAt === 'neighbour' ? row.neighbourName : null)),
    reopenedAt: row.reopenedAt ?? null,
    full: links
      ? {
          recipientName: row.recipientName,
          neighbourName: row.neighbourName,
          note: row.note,
          driverName: row.driverName,
          position: row.lat != null && row.lng != null ? { lat: Number(row.lat), lng: Number(row.lng), accuracy: row.accuracy == null ? null : Number(row.accuracy) } : null,
          distanceM: row.distanceM == null ? null : Math.round(Number(row.distanceM)),
          farFromAddress: row.distanceM != null && Number(row.distanceM) > FAR_FROM_ADDRESS_M,
          photo: links.photo,
          signature: links.signature,
          reopenedBy: row.reopenedBy ?? null,
          reopenReason: row.reopenReason ?? null,
        }
      : null,
  };
}

export function presentAttemptedPackage(pkg: PackageRow, lastAttempt: OutcomeView, attempts: number): AttemptedPackage {
  return {
    packageId: pkg.id,
    trackingNumber: pkg.trackingNumber,
    status: pkg.status,
    customerName: pkg.customerName,
    deliveryAddress: pkg.deliveryAddress,
    driver: pkg.driver,
    attempts,
    lastAttempt,
  };
}
