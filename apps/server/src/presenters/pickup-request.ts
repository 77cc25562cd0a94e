import type { PickupRequest, PickupRequestStatus } from '@cargo/shared';
import type { PickupRequestRow } from '../db/types.ts';

/** A pickup request as replies show it (pickupRequestSchema). */
export function presentPickupRequest(row: PickupRequestRow): PickupRequest {
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
    createdAt: row.createdAt,
  };
}
