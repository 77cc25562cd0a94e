import type { PickupRequest, PickupRequestStatus } from '@cargo/shared';
import type { PickupRequestRow } from '../db/types.ts';

/** A pickup request as replies show it (pickupRequestSchema). */
/** `trackingNumber` is the linked package's, read by the caller (the package's number may change on Edit). */
export function presentPickupRequest(row: PickupRequestRow, trackingNumber: string | null = null): PickupRequest {
  return {
    id: row.id,
    customerName: row.customerName,
    phone: row.phone,
    email: row.email,
    originAddress: row.originAddress,
    destinationAddress: row.destinationAddress,
    itemDescription: row.itemDescription,
    specialInstructions: row.specialInstructions,
    // Written only through pickupStatusSchema, so one of PICKUP_REQUEST_STATUSES.
    status: row.status as PickupRequestStatus,
    packageId: row.packageId ?? null,
    trackingNumber: row.packageId ? trackingNumber : null,
    createdAt: row.createdAt,
  };
}
