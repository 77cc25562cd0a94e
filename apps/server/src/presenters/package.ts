import { autoCurrentLocation, GPS_TEXT_PATTERN, LIVE_STATUSES, normalizeStatus } from '@cargo/shared';
import type { LocationRecord, LocationType, Package, PublicPackage, StatusHistoryEntry } from '@cargo/shared';
import type { Selectable } from 'kysely';
import type { LocationsTable, PackagesTable, StatusHistoryTable } from '../db/types.ts';
import { maskPhone } from '../lib/phone.ts';

/**
 * The one place that shapes a package for whoever asks (conventions: outline's presenters). Every reply that carries
 * a package, its history or its locations goes through here, so a column added to a table never leaks by accident:
 * each view lists its fields by name.
 */
export type PackageRow = Selectable<PackagesTable>;
export type StatusHistoryRow = Selectable<StatusHistoryTable>;
export type LocationRow = Selectable<LocationsTable>;

/** Who is looking: the public, or an admin / the assigned driver. */
export type PackageView = 'public' | 'full';

/** The whole package, for an admin or the assigned driver (packageSchema). */
export function presentPackage(row: PackageRow): Package {
  return {
    id: row.id,
    trackingNumber: row.trackingNumber,
    status: row.status,
    currentLocation: row.currentLocation,
    estimatedDelivery: row.estimatedDelivery,
    deliveryAddress: row.deliveryAddress,
    pickupAddress: row.pickupAddress,
    customerName: row.customerName,
    customerPhone: row.customerPhone,
    weight: row.weight,
    dimensions: row.dimensions,
    itemDescription: row.itemDescription,
    serviceType: row.serviceType,
    driver: row.driver,
    driverPhone: row.driverPhone,
    driverId: row.driverId,
    realLocationLink: row.realLocationLink,
    pickupLat: numberOrNull(row.pickupLat),
    pickupLng: numberOrNull(row.pickupLng),
    deliveryLat: numberOrNull(row.deliveryLat),
    deliveryLng: numberOrNull(row.deliveryLng),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/**
 * What the public sees (design.md §4): the customer's phone masked to its last four digits, no driver id, no real
 * location link, no internal ids beyond the package id (publicPackageSchema).
 */
export function presentPublicPackage(row: PackageRow): PublicPackage {
  const { driverId: _driverId, realLocationLink: _link, ...rest } = presentPackage(row);
  return { ...rest, customerPhone: maskPhone(row.customerPhone), currentLocation: publicCurrentLocation(row) };
}

/** A driver's coordinates in the current-location text are public only while the package is on its way. */
function publicCurrentLocation(row: PackageRow): string {
  const status = normalizeStatus(row.status);
  if (!GPS_TEXT_PATTERN.test(row.currentLocation) || (status && LIVE_STATUSES.includes(status))) return row.currentLocation;
  return status ? autoCurrentLocation(status, row.pickupAddress) : 'Location unavailable';
}

export function presentPackageFor(view: PackageView, row: PackageRow): Package | PublicPackage {
  return view === 'full' ? presentPackage(row) : presentPublicPackage(row);
}

export function presentHistoryEntry(row: StatusHistoryRow): StatusHistoryEntry {
  return {
    id: row.id,
    packageId: row.packageId,
    status: row.status,
    location: row.location,
    description: row.description,
    timestamp: row.timestamp,
  };
}

export function presentLocation(row: LocationRow): LocationRecord {
  return {
    id: row.id,
    packageId: row.packageId,
    lat: Number(row.lat),
    lng: Number(row.lng),
    type: toLocationType(row.type),
    address: row.address,
    driverName: row.driverName,
    driverPhone: row.driverPhone,
    vehicleId: row.vehicleId,
    accuracy: numberOrNull(row.accuracy),
    heading: numberOrNull(row.heading),
    speed: numberOrNull(row.speed),
    battery: numberOrNull(row.battery),
    isLiveTracking: Boolean(row.isLiveTracking),
    recordedAt: row.recordedAt,
    createdAt: row.createdAt,
  };
}

/**
 * An origin or destination point made from the package's own coordinates, for a package that has no location record
 * of that type. Answers null when the coordinates are unknown: a point is never invented.
 */
export function synthesizeEndpoint(row: PackageRow, type: 'origin' | 'destination'): LocationRecord | null {
  const lat = numberOrNull(type === 'origin' ? row.pickupLat : row.deliveryLat);
  const lng = numberOrNull(type === 'origin' ? row.pickupLng : row.deliveryLng);
  if (lat === null || lng === null) return null;
  return {
    // Stable and recognisable, so a client can key on it; never a database id.
    id: `${row.id}:${type}`,
    packageId: row.id,
    lat,
    lng,
    type,
    address: type === 'origin' ? row.pickupAddress : row.deliveryAddress,
    driverName: null,
    driverPhone: null,
    vehicleId: null,
    accuracy: null,
    heading: null,
    speed: null,
    battery: null,
    isLiveTracking: false,
    recordedAt: row.createdAt,
    createdAt: row.createdAt,
  };
}

function toLocationType(type: string): LocationType {
  return type === 'origin' || type === 'destination' ? type : 'current';
}

/** PostgreSQL's double precision arrives as a number, but be strict: a stored null stays null. */
function numberOrNull(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}
