import type { Device, DeviceCreated, OwnDeviceCreated } from '@cargo/shared';
import type { DeviceRow } from '../db/types.ts';

/** A registered tracker (deviceSchema): never its identifier or the identifier's hash. */
export function presentDevice(row: DeviceRow): Device {
  return {
    id: row.id,
    driverId: row.driverId,
    name: row.name,
    lastSeenAt: row.lastSeenAt,
    lastBattery: row.lastBattery == null ? null : Number(row.lastBattery),
    createdAt: row.createdAt,
  };
}

/** A device just registered: its identifier, shown once (deviceCreatedSchema). */
export function presentCreatedDevice(row: DeviceRow, identifier: string): DeviceCreated {
  return { ...presentDevice(row), identifier };
}

/** The driver's own device: the identifier once, and the server URL Traccar Client is given (ownDeviceCreatedSchema). */
export function presentOwnDevice(row: DeviceRow, identifier: string, serverUrl: string): OwnDeviceCreated {
  return { ...presentCreatedDevice(row, identifier), serverUrl };
}
