import type { Insertable, Selectable, Updateable } from 'kysely';

/**
 * Table shapes in camelCase (CamelCasePlugin maps to snake_case columns).
 * Portable column types on both dialects (docs/decisions/003): ids are text UUIDs, times are ISO-8601 UTC text,
 * booleans are integers 0/1.
 */
export interface PackagesTable {
  id: string;
  trackingNumber: string;
  status: string;
  currentLocation: string;
  estimatedDelivery: string;
  deliveryAddress: string;
  pickupAddress: string;
  customerName: string;
  customerPhone: string;
  weight: string;
  dimensions: string;
  itemDescription: string | null;
  serviceType: string;
  driver: string | null;
  driverPhone: string | null;
  driverId: string | null;
  realLocationLink: string | null;
  pickupLat: number | null;
  pickupLng: number | null;
  deliveryLat: number | null;
  deliveryLng: number | null;
  /** Proximity alert state (design.md §6): the tightest alert fired, for hysteresis. */
  proximityState: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface StatusHistoryTable {
  id: string;
  packageId: string;
  status: string;
  location: string;
  description: string;
  timestamp: string;
  createdAt: string;
}

export interface LocationsTable {
  id: string;
  packageId: string;
  lat: number;
  lng: number;
  type: string;
  address: string | null;
  driverName: string | null;
  driverPhone: string | null;
  vehicleId: string | null;
  accuracy: number | null;
  heading: number | null;
  speed: number | null;
  altitude: number | null;
  battery: number | null;
  isLiveTracking: number;
  source: string;
  recordedAt: string;
  createdAt: string;
}

export interface DriversTable {
  id: string;
  name: string;
  phone: string;
  email: string | null;
  vehicleId: string;
  pinHash: string | null;
  currentLat: number | null;
  currentLng: number | null;
  realLocationLink: string | null;
  lastLocationUpdate: string | null;
  isActive: number;
  isOnline: number;
  createdAt: string;
}

export interface AdminUsersTable {
  id: string;
  email: string;
  passwordHash: string;
  isActive: number;
  createdAt: string;
}

export interface SessionsTable {
  tokenHash: string;
  role: string;
  subjectId: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
}

export interface PickupRequestsTable {
  id: string;
  customerName: string;
  phone: string;
  email: string;
  originAddress: string;
  destinationAddress: string;
  itemDescription: string;
  specialInstructions: string | null;
  status: string;
  createdAt: string;
}

export interface SettingsTable {
  id: string;
  value: string;
  updatedAt: string;
}

export interface ShareLinksTable {
  id: string;
  tokenHash: string;
  packageId: string;
  kind: string;
  createdBy: string;
  expiresAt: string;
  revokedAt: string | null;
  createdAt: string;
}

export interface DevicesTable {
  id: string;
  driverId: string;
  name: string;
  identifierHash: string;
  lastSeenAt: string | null;
  lastBattery: number | null;
  createdAt: string;
}

/** A device point that moved no position: a heartbeat, a cell/wifi-only point, or a fix a filter refused. */
export interface DevicePointsTable {
  id: string;
  deviceId: string;
  lat: number | null;
  lng: number | null;
  accuracy: number | null;
  battery: number | null;
  /** Why it moved nothing (a filter's message, 'heartbeat', 'no GPS fix'). */
  reason: string;
  /** Device time, or the server's when the device sent none. */
  recordedAt: string;
  createdAt: string;
}

export interface GeocodeCacheTable {
  query: string;
  lat: number | null;
  lng: number | null;
  displayName: string | null;
  createdAt: string;
}

export interface Database {
  packages: PackagesTable;
  statusHistory: StatusHistoryTable;
  locations: LocationsTable;
  /** GPS fixes not yet moved to `locations` (SQLite; decision 041). */
  locationsRecent: LocationsTable;
  /** A view: `locations` and `locations_recent`. Every read of locations goes through it. */
  locationsAll: LocationsTable;
  drivers: DriversTable;
  adminUsers: AdminUsersTable;
  sessions: SessionsTable;
  pickupRequests: PickupRequestsTable;
  settings: SettingsTable;
  shareLinks: ShareLinksTable;
  devices: DevicesTable;
  devicePoints: DevicePointsTable;
  geocodeCache: GeocodeCacheTable;
}

export type Dialect = 'sqlite' | 'postgres';

/** Rows as read from each table (repositories answer these; presenters shape them for replies). */
export type PackageRow = Selectable<PackagesTable>;
export type StatusHistoryRow = Selectable<StatusHistoryTable>;
export type LocationRow = Selectable<LocationsTable>;
export type DriverRow = Selectable<DriversTable>;
export type AdminUserRow = Selectable<AdminUsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type PickupRequestRow = Selectable<PickupRequestsTable>;
export type SettingRow = Selectable<SettingsTable>;
export type ShareLinkRow = Selectable<ShareLinksTable>;
export type DeviceRow = Selectable<DevicesTable>;
export type DevicePointRow = Selectable<DevicePointsTable>;
export type GeocodeCacheRow = Selectable<GeocodeCacheTable>;
export type PackageChanges = Updateable<PackagesTable>;
export type DriverChangesRow = Updateable<DriversTable>;
export type NewLocationRow = Insertable<LocationsTable>;
