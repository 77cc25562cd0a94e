import type { Shift } from '@cargo/shared';
import type { ShiftWithDriver } from '../repositories/planning.ts';

/** A shift as the API shows it (issue 34). */
export function presentShift(row: ShiftWithDriver): Shift {
  return {
    id: row.id,
    driverId: row.driverId,
    driverName: row.driverName,
    date: row.date,
    startTime: row.startTime,
    endTime: row.endTime,
    start: { address: row.startAddress, lat: row.startLat, lng: row.startLng },
    end: { address: row.endAddress, lat: row.endLat, lng: row.endLng },
    capacityPackages: row.capacityPackages,
    capacityWeightKg: row.capacityWeightKg,
    updatedAt: row.updatedAt,
  };
}
