import { autoCurrentLocation, GPS_TEXT_PATTERN, isLiveStatus, normalizeStatus } from '@cargo/shared';
import type { LocationRecord, LocationType, Package, PublicPackage, StatusHistoryEntry } from '@cargo/shared';
import type { LocationRow, PackageRow, StatusHistoryRow } from '../db/types.ts';
import { maskPhone } from '../lib/phone.ts';
import type { PackageView } from '../policies/package-view.ts';

/**
 * The one place that shapes a package for whoever asks (conventions: outline's presenters). Every reply that carries
 * a package, its history or its locations goes through here, so a column added to a table never leaks by accident:
 * each view lists its fields by name.
 */
export type { LocationRow, PackageRow, StatusHistoryRow } from '../db/types.ts';

/** The whole package, as an admin sees it (packageSchema). */
export function presentPackage(row: PackageRow): Package {
  return {
    id: row.id,
    trackingNumber: row.trackingNumber,
    reference: row.reference ?? null,
    status: row.status,
    currentLocation: row.currentLocation,
    estimatedDelivery: row.estimatedDelivery,
    deliveryAddress: row.deliveryAddress,
    pickupAddress: row.pickupAddress,
    customerName: row.customerName,
    customerPhone: row.customerPhone,
    customerEmail: row.customerEmail ?? null,
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
  const { driverId: _driverId, realLocationLink: _link, customerEmail: _email, reference: _reference, ...rest } = presentPackage(row);
  return { ...rest, customerPhone: maskPhone(row.customerPhone), currentLocation: publicCurrentLocation(row) };
}

/** A driver's coordinates in the current-location text are public only while the package is on its way. */
function publicCurrentLocation(row: PackageRow): string {
  const status = normalizeStatus(row.status);
  if (!GPS_TEXT_PATTERN.test(row.currentLocation) || (status && isLiveStatus(status))) return row.currentLocation;
  return status ? autoCurrentLocation(status, row.pickupAddress) : 'Location unavailable';
}

/** The package as its assigned driver sees it: today every field an admin sees (packageSchema). */
export function presentDriverPackage(row: PackageRow): Package {
  return presentPackage(row);
}

/** The view the package-view policy chose for the caller. */
export function presentPackageFor(view: PackageView, row: PackageRow): Package | PublicPackage {
  if (view === 'admin') return presentPackage(row);
  if (view === 'driver') return presentDriverPackage(row);
  return presentPublicPackage(row);
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

/** GPS coordinates written into a text ('GPS: 41.700900, -87.599100'), anywhere in it. */
const GPS_TEXT_ANYWHERE = new RegExp(GPS_TEXT_PATTERN.source.replace(/^\^/, ''), 'g');

/**
 * A history entry as the public sees it (design.md §4, no trail of past positions): an entry written while a fix
 * was current carries the driver's coordinates in its location text; the public gets the status's place instead.
 */
export function presentPublicHistoryEntry(row: StatusHistoryRow): StatusHistoryEntry {
  const entry = presentHistoryEntry(row);
  const location = entry.location ?? '';
  const withoutFix = location.replace(GPS_TEXT_ANYWHERE, '');
  if (withoutFix === location) return entry;
  const rest = withoutFix.replace(/^[\s@,;:|-]+|[\s@,;:|-]+$/g, '');
  const status = normalizeStatus(row.status);
  return { ...entry, location: rest || (status ? autoCurrentLocation(status) : 'Location unavailable') };
}

export function presentHistoryFor(view: PackageView, row: StatusHistoryRow): StatusHistoryEntry {
  return view === 'public' ? presentPublicHistoryEntry(row) : presentHistoryEntry(row);
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

function toLocationType(type: string): LocationType {
  return type === 'origin' || type === 'destination' ? type : 'current';
}

/** PostgreSQL's double precision arrives as a number, but be strict: a stored null stays null. */
function numberOrNull(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}
