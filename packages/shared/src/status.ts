/** Package statuses are stored canonical (design.md §6); the API also accepts display labels and aliases. */
export const PACKAGE_STATUSES = [
  'processing',
  'pending',
  'picked_up',
  'in_transit',
  'out_for_delivery',
  'delivered',
  'exception',
  'returned',
  'cancelled',
] as const;
export type PackageStatus = (typeof PACKAGE_STATUSES)[number];

export const STATUS_LABELS: Record<PackageStatus, string> = {
  processing: 'Processing',
  pending: 'Pending',
  picked_up: 'Picked Up',
  in_transit: 'In Transit',
  out_for_delivery: 'Out for Delivery',
  delivered: 'Delivered',
  exception: 'Exception',
  returned: 'Returned',
  cancelled: 'Cancelled',
};

/** Statuses the admin create form offers (spec §4). */
export const CREATE_FORM_STATUSES: PackageStatus[] = ['processing', 'picked_up', 'in_transit', 'out_for_delivery', 'delivered'];
/** Statuses the admin status-update form offers (spec §4). */
export const STATUS_UPDATE_FORM_STATUSES: PackageStatus[] = [
  'processing',
  'picked_up',
  'in_transit',
  'out_for_delivery',
  'delivered',
  'exception',
  'returned',
];
/** Statuses the driver dashboard offers (spec §4: processing, pick_up, in_transit, out_for_delivery, delivered). */
export const DRIVER_DASHBOARD_STATUSES: PackageStatus[] = ['processing', 'picked_up', 'in_transit', 'out_for_delivery', 'delivered'];
/** A driver's live position is public only in these statuses (design.md §4). */
export const LIVE_STATUSES: PackageStatus[] = ['in_transit', 'out_for_delivery'];
/** 'Active' on the driver dashboard (spec §4); also 'packages in transit' in the public daily figures. */
export const ACTIVE_STATUSES: PackageStatus[] = ['picked_up', 'in_transit', 'out_for_delivery'];
/** Deliveries that are over: such a package takes no more fixes and is off its driver's route. */
export const ENDED_STATUSES: PackageStatus[] = ['delivered', 'cancelled', 'returned'];

/** True for the statuses in which a driver's live position is public (LIVE_STATUSES). */
export const isLiveStatus = (status: string): boolean => (LIVE_STATUSES as readonly string[]).includes(status);
/** True for the statuses in which a delivery is over (ENDED_STATUSES). */
export const isEndedStatus = (status: string): boolean => (ENDED_STATUSES as readonly string[]).includes(status);

/**
 * Final for the driver (issue 31, decision 087): a delivery that is over (ENDED_STATUSES: delivered, with its proof or
 * not; returned; cancelled) takes no status change and no outcome from its driver; only dispatch reopens it, with a
 * reason. An attempt keeps the package's status (decision 051), so an attempted stop stays open for the next try.
 */
export const isFinalForDriver = (status: string): boolean => isEndedStatus(status);
/** The statuses dispatch may reopen a closed delivery to: those a driver works. */
export const REOPEN_STATUSES = ['out_for_delivery', 'in_transit', 'picked_up', 'processing'] as const satisfies readonly PackageStatus[];
export type ReopenStatus = (typeof REOPEN_STATUSES)[number];
/** The 409 a driver gets on a closed delivery, and the dashboard's short reason beside its disabled dropdown. */
export const CLOSED_MSG = {
  finalForDriver: (status: string) => `This package is ${(STATUS_LABELS[status as PackageStatus] ?? status).toLowerCase()}: its stop is closed and only dispatch can reopen it`,
  shortReason: 'Closed: only dispatch can reopen it',
  notClosed: 'This package is not closed: there is nothing to reopen',
  reasonRequired: 'Give the reason for reopening (at least 3 characters)',
} as const;

const ALIASES: Record<string, PackageStatus> = { pick_up: 'picked_up', canceled: 'cancelled' };

/** Maps a canonical code, a display label ('Picked Up') or an alias ('pick_up') to the canonical code. */
export function normalizeStatus(input: string): PackageStatus | null {
  const key = input.trim().toLowerCase().replace(/[\s-]+/g, '_');
  if ((PACKAGE_STATUSES as readonly string[]).includes(key)) return key as PackageStatus;
  return Object.hasOwn(ALIASES, key) ? ALIASES[key]! : null;
}

/** Progress percent shown on the public page (spec §4). */
export function progressPercent(status: string): number {
  switch (status) {
    case 'processing':
      return 25;
    case 'in_transit':
      return 75;
    case 'out_for_delivery':
      return 90;
    case 'delivered':
      return 100;
    default:
      return 0;
  }
}

export type BadgeColor = 'amber' | 'green' | 'red' | 'blue' | 'gray' | 'orange';
/** Badge colours (spec §4): processing amber; in transit, out for delivery, delivered green; others known; anything else gray. */
export const STATUS_COLORS: Record<string, BadgeColor> = {
  processing: 'amber',
  pending: 'amber',
  picked_up: 'blue',
  in_transit: 'green',
  out_for_delivery: 'green',
  delivered: 'green',
  exception: 'red',
  returned: 'orange',
  cancelled: 'red',
};

/** Underscores display as spaces (spec §4); known codes show their label. */
export function statusLabel(status: string): string {
  const code = normalizeStatus(status);
  return code ? STATUS_LABELS[code] : status.replace(/_/g, ' ');
}

export const PICKUP_REQUEST_STATUSES = ['pending', 'confirmed', 'completed'] as const;
export type PickupRequestStatus = (typeof PICKUP_REQUEST_STATUSES)[number];

/**
 * The current location a status implies (spec §4, the admin create form's auto current location): processing or
 * pending gives the pickup address (or 'Processing Center'), returned 'Return Center', others their label.
 */
export function autoCurrentLocation(status: PackageStatus, pickupAddress?: string | null): string {
  switch (status) {
    case 'processing':
    case 'pending':
      return pickupAddress?.trim() || 'Processing Center';
    case 'returned':
      return 'Return Center';
    default:
      return STATUS_LABELS[status];
  }
}

/** A current-location text holding GPS coordinates ('GPS: 41.878900, -87.635900'; spec §5). */
export const GPS_TEXT_PATTERN = /^GPS:\s*-?\d+(\.\d+)?\s*,\s*-?\d+(\.\d+)?/;
