import type { LiveTracking } from '@cargo/shared';

// Test data shared by the live-update tests: a live view with a fix, and a pushed location_update.

export const view = (over: Partial<LiveTracking> = {}): LiveTracking => ({
  packageId: 'p1',
  status: 'out_for_delivery',
  driverName: 'Dana',
  driverPhone: '5550100000',
  vehicleId: 'VAN-1',
  isActive: true,
  message: null,
  estimatedArrival: null,
  etaMinutes: 9,
  eta: { minutes: 9, distanceM: 5200, speedKmh: 45, speedSource: 'recent' },
  proximityAlert: null,
  arrivalWindow: null,
  realLocationLink: null,
  packageInfo: { trackingNumber: 'PKG1', customer: 'Erin', destination: '1 Main St' },
  pickup: { address: 'A', lat: 1, lng: 1 },
  delivery: { address: 'B', lat: 2, lng: 2 },
  currentLocation: { lat: 1.5, lng: 1.5, address: null, lastUpdate: '2026-11-22T01:00:00.000Z', speed: 12, accuracy: 8, heading: 90, battery: 70, timeZone: 'America/Chicago', zone: { name: 'Central Standard Time', abbreviation: 'CST', utcOffsetMinutes: -360 } },
  ...over,
});

export const fix = (recordedAt: string, extra: Record<string, unknown> = {}) => ({
  type: 'location_update' as const,
  trackingId: 'PKG1',
  data: {
    packageId: 'p1',
    trackingNumber: 'PKG1',
    status: 'out_for_delivery',
    lat: 1.9,
    lng: 1.9,
    address: null,
    speed: 13,
    accuracy: 5,
    heading: 45,
    battery: 69,
    recordedAt,
    etaMinutes: 2,
    eta: { minutes: 2, distanceM: 900, speedKmh: 47, speedSource: 'recent' as const },
    ...extra,
  },
});
