import { statusLabel } from '@cargo/shared';
import type { DriverRow, PackageRow, PickupRequestRow } from '../db/types.ts';
import type { CsvColumn } from '../lib/csv.ts';
import { presentDriver } from './driver.ts';

/**
 * The columns of each CSV export, by name: what leaves the server in a file, as the presenters decide it for JSON.
 * Never a PIN hash, a token or a proximity state.
 */
export const PACKAGE_CSV_COLUMNS: readonly CsvColumn<PackageRow>[] = [
  { header: 'Tracking Number', value: (p) => p.trackingNumber },
  { header: 'Status', value: (p) => p.status },
  { header: 'Outcome', value: (p) => statusLabel(p.status) },
  { header: 'Last Change', value: (p) => p.updatedAt },
  { header: 'Driver', value: (p) => p.driver },
  { header: 'Driver Phone', value: (p) => p.driverPhone },
  { header: 'Driver ID', value: (p) => p.driverId },
  { header: 'Customer Name', value: (p) => p.customerName },
  { header: 'Customer Phone', value: (p) => p.customerPhone },
  { header: 'Pickup Address', value: (p) => p.pickupAddress },
  { header: 'Delivery Address', value: (p) => p.deliveryAddress },
  { header: 'Delivery Latitude', value: (p) => p.deliveryLat },
  { header: 'Delivery Longitude', value: (p) => p.deliveryLng },
  { header: 'Current Location', value: (p) => p.currentLocation },
  { header: 'Estimated Delivery', value: (p) => p.estimatedDelivery },
  { header: 'Service Type', value: (p) => p.serviceType },
  { header: 'Weight', value: (p) => p.weight },
  { header: 'Dimensions', value: (p) => p.dimensions },
  { header: 'Item Description', value: (p) => p.itemDescription },
  { header: 'Location Link', value: (p) => p.realLocationLink },
  { header: 'Created', value: (p) => p.createdAt },
  { header: 'Package ID', value: (p) => p.id },
];

export const DRIVER_CSV_COLUMNS: readonly CsvColumn<DriverRow & { openPackages: number }>[] = [
  { header: 'Name', value: (d) => d.name },
  { header: 'Phone', value: (d) => d.phone },
  { header: 'Email', value: (d) => d.email },
  { header: 'Vehicle', value: (d) => d.vehicleId },
  { header: 'Active', value: (d) => d.isActive === 1 },
  { header: 'Online', value: (d) => presentDriver(d).isOnline },
  { header: 'Latitude', value: (d) => d.currentLat },
  { header: 'Longitude', value: (d) => d.currentLng },
  { header: 'Last Update', value: (d) => d.lastLocationUpdate },
  { header: 'Packages On Board', value: (d) => d.openPackages },
  { header: 'Created', value: (d) => d.createdAt },
  { header: 'Driver ID', value: (d) => d.id },
];

export const PICKUP_REQUEST_CSV_COLUMNS: readonly CsvColumn<PickupRequestRow>[] = [
  { header: 'Customer Name', value: (r) => r.customerName },
  { header: 'Phone', value: (r) => r.phone },
  { header: 'Email', value: (r) => r.email },
  { header: 'Origin Address', value: (r) => r.originAddress },
  { header: 'Destination Address', value: (r) => r.destinationAddress },
  { header: 'Item Description', value: (r) => r.itemDescription },
  { header: 'Special Instructions', value: (r) => r.specialInstructions },
  { header: 'Status', value: (r) => r.status },
  { header: 'Created', value: (r) => r.createdAt },
  { header: 'Request ID', value: (r) => r.id },
];
