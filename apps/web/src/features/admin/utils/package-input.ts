import type { Package, PackageInput } from '@cargo/shared';

/** A stored package as the body of a full update (PUT), with some fields changed (driver assignment). */
export function inputFromPackage(pkg: Package, changes: Partial<PackageInput> = {}): PackageInput {
  return {
    trackingNumber: pkg.trackingNumber,
    status: pkg.status,
    currentLocation: pkg.currentLocation,
    estimatedDelivery: pkg.estimatedDelivery,
    deliveryAddress: pkg.deliveryAddress,
    pickupAddress: pkg.pickupAddress,
    customerName: pkg.customerName,
    customerPhone: pkg.customerPhone,
    customerEmail: pkg.customerEmail,
    weight: pkg.weight,
    dimensions: pkg.dimensions,
    itemDescription: pkg.itemDescription,
    serviceType: pkg.serviceType,
    driver: pkg.driver,
    driverPhone: pkg.driverPhone,
    driverId: pkg.driverId,
    realLocationLink: pkg.realLocationLink,
    pickupLat: pkg.pickupLat,
    pickupLng: pkg.pickupLng,
    deliveryLat: pkg.deliveryLat,
    deliveryLng: pkg.deliveryLng,
    ...changes,
  };
}

/** '41.878876, -87.635902' or '' when unknown. */
export function formatLatLng(lat: number | null, lng: number | null): string {
  return lat === null || lng === null ? '' : `${lat.toFixed(6)}, ${lng.toFixed(6)}`;
}

/** A stored time as the admin's local date and time. */
export function formatTime(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}
