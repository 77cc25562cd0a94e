import type { Driver, DriverRoute } from '@cargo/shared';
import type { DriverRow, PackageRow } from '../db/types.ts';

/** A driver counts as online while its last position is at most this old; the stored flag alone goes stale. */
export const DRIVER_ONLINE_MS = 5 * 60_000;

/** The driver as the API shows it (driverSchema): never the PIN hash; online computed from the last position's age. */
export function presentDriver(row: DriverRow, now = Date.now()): Driver {
  const last = row.lastLocationUpdate ? Date.parse(row.lastLocationUpdate) : Number.NaN;
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    vehicleId: row.vehicleId,
    currentLat: numberOrNull(row.currentLat),
    currentLng: numberOrNull(row.currentLng),
    realLocationLink: row.realLocationLink,
    lastLocationUpdate: row.lastLocationUpdate,
    isActive: row.isActive === 1,
    isOnline: row.isOnline === 1 && Number.isFinite(last) && now - last <= DRIVER_ONLINE_MS,
    createdAt: row.createdAt,
  };
}

/** A driver just created: the driver and, once, its PIN (driverCreatedSchema). */
export function presentCreatedDriver(row: DriverRow, pin: string): Driver & { pin: string } {
  return { ...presentDriver(row), pin };
}

/** The driver's position and the stops of its unfinished packages (driverRouteSchema). */
export function presentDriverRoute(driver: DriverRow, packages: PackageRow[]): DriverRoute {
  return {
    driver: {
      id: driver.id,
      name: driver.name,
      phone: driver.phone,
      vehicleId: driver.vehicleId,
      currentLat: numberOrNull(driver.currentLat),
      currentLng: numberOrNull(driver.currentLng),
      lastLocationUpdate: driver.lastLocationUpdate,
    },
    stops: packages.map((p) => ({
      packageId: p.id,
      trackingNumber: p.trackingNumber,
      status: p.status,
      customerName: p.customerName,
      pickup: { address: p.pickupAddress, lat: numberOrNull(p.pickupLat), lng: numberOrNull(p.pickupLng) },
      delivery: { address: p.deliveryAddress, lat: numberOrNull(p.deliveryLat), lng: numberOrNull(p.deliveryLng) },
    })),
  };
}

function numberOrNull(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}
