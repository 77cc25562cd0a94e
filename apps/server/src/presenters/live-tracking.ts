import type { EtaEstimate, LiveTracking, LocationUpdateData, ProximityAlert } from '@cargo/shared';
import type { LocationRow, PackageRow } from '../db/types.ts';
import { timeZoneAt, timeZoneInfo, zoneOfPlace } from '../lib/time-zone.ts';
import type { ArrivalWindowView } from '../services/arrival-window/arrival-windows.ts';
import { windowWords } from '../services/arrival-window/window-words.ts';
import type { LiveState } from '../services/live-tracking.ts';

const num = (v: number | null | undefined): number | null => (v == null ? null : Number(v));

/**
 * The public live view (liveTrackingSchema): the driver's position, its maps link and ETA only while shown; the
 * arrival window while out for delivery (no more than the ETA already says, decision 111).
 */
export function presentLiveTracking(state: LiveState, window: ArrivalWindowView | null = null): LiveTracking {
  const { pkg, fix, driver, showPosition, eta, nowMs } = state;
  const position = showPosition && fix ? { lat: Number(fix.lat), lng: Number(fix.lng) } : null;
  const timeZone = position ? timeZoneAt(position.lat, position.lng) : null;
  return {
    packageId: pkg.id,
    status: pkg.status,
    driverName: fix?.driverName ?? driver?.name ?? pkg.driver ?? null,
    driverPhone: fix?.driverPhone ?? driver?.phone ?? pkg.driverPhone ?? null,
    vehicleId: fix?.vehicleId ?? driver?.vehicleId ?? null,
    isActive: state.isActive,
    message: state.message,
    estimatedArrival: eta ? new Date(nowMs + eta.eta * 60_000).toISOString() : null,
    etaMinutes: eta ? eta.eta : null,
    eta: eta ? eta.estimate : null,
    proximityAlert: state.proximityAlert,
    arrivalWindow: window
      ? { ...window, label: windowWords(window.start, window.end, zoneOfPlace(pkg.deliveryLat, pkg.deliveryLng)) }
      : null,
    // A maps link to where the driver is: as private as the position itself.
    realLocationLink: showPosition ? pkg.realLocationLink : null,
    packageInfo: { trackingNumber: pkg.trackingNumber, customer: pkg.customerName, destination: pkg.deliveryAddress },
    pickup: { address: pkg.pickupAddress, lat: num(pkg.pickupLat), lng: num(pkg.pickupLng) },
    delivery: { address: pkg.deliveryAddress, lat: num(pkg.deliveryLat), lng: num(pkg.deliveryLng) },
    currentLocation:
      fix && position
        ? {
            lat: position.lat,
            lng: position.lng,
            address: fix.address,
            lastUpdate: fix.recordedAt,
            speed: num(fix.speed),
            accuracy: num(fix.accuracy),
            heading: num(fix.heading),
            battery: num(fix.battery),
            timeZone,
            zone: timeZoneInfo(timeZone, nowMs),
          }
        : null,
  };
}

/** The /ws location_update event of an accepted fix (LocationUpdateData). */
export function presentLocationUpdate(
  pkg: Pick<PackageRow, 'id' | 'trackingNumber' | 'status'>,
  fix: Pick<LocationRow, 'lat' | 'lng' | 'address' | 'speed' | 'accuracy' | 'heading' | 'battery' | 'recordedAt'>,
  eta: EtaEstimate | null,
  proximityAlert: ProximityAlert | null,
): LocationUpdateData {
  return {
    packageId: pkg.id,
    trackingNumber: pkg.trackingNumber,
    status: pkg.status,
    lat: Number(fix.lat),
    lng: Number(fix.lng),
    address: fix.address,
    speed: num(fix.speed),
    accuracy: num(fix.accuracy),
    heading: num(fix.heading),
    battery: num(fix.battery),
    recordedAt: fix.recordedAt,
    etaMinutes: eta ? eta.minutes : null,
    eta,
    ...(proximityAlert ? { proximityAlert } : {}),
  };
}
