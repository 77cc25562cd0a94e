import type { LiveTracking, LocationRecord } from '@cargo/shared';
import { describe, expect, it } from 'vitest';
import { liveMapPoints, mapPoints, parseZip } from './map-points.ts';

const record = (type: LocationRecord['type'], lat: number, lng: number, recordedAt: string, address: string | null = null): LocationRecord => ({
  id: `${type}-${recordedAt}`,
  packageId: 'p1',
  lat,
  lng,
  type,
  address,
  driverName: null,
  driverPhone: null,
  vehicleId: null,
  accuracy: null,
  heading: null,
  speed: null,
  battery: null,
  isLiveTracking: type === 'current',
  recordedAt,
  createdAt: recordedAt,
});

describe('parseZip (spec §5)', () => {
  it('takes the last five-digit ZIP, with an optional +4', () => {
    expect(parseZip('1 Twins Way, Minneapolis, MN 55403')).toBe('55403');
    expect(parseZip('10001 Main St, New York, NY 10001-2345')).toBe('10001-2345');
    expect(parseZip('Processing Center')).toBeNull();
    expect(parseZip('123456 Long Number Rd')).toBeNull();
    expect(parseZip(null)).toBeNull();
  });
});

describe('mapPoints', () => {
  const origin = record('origin', 41.8789, -87.6359, '2026-03-01T10:00:00.000Z', '233 S Wacker Dr, Chicago, IL 60606');
  const destination = record('destination', 44.9817, -93.2776, '2026-03-01T10:00:00.000Z', '1 Twins Way, Minneapolis, MN 55403');

  it('places pickup, current and delivery from the server records', () => {
    const points = mapPoints([record('current', 43, -90, '2026-03-02T11:00:00.000Z'), origin, destination], undefined);
    expect(points.map((p) => p.kind)).toEqual(['pickup', 'current', 'delivery']);
    expect(points[0]).toMatchObject({ lat: 41.8789, lng: -87.6359, zip: '60606' });
    expect(points[1]).toMatchObject({ address: '43.000000, -90.000000', zip: null });
    expect(points[2]).toMatchObject({ zip: '55403' });
  });

  it('takes the newest of the listed and the live current position', () => {
    const live = { currentLocation: { lat: 44, lng: -91, address: 'Near Eau Claire, WI 54701', lastUpdate: '2026-03-02T11:05:00.000Z' } } as LiveTracking;
    const older = record('current', 43, -90, '2026-03-02T11:00:00.000Z');
    expect(mapPoints([older, origin], live).find((p) => p.kind === 'current')).toMatchObject({ lat: 44, zip: '54701' });
    const newer = record('current', 43.5, -90.5, '2026-03-02T11:10:00.000Z');
    expect(mapPoints([newer, origin], live).find((p) => p.kind === 'current')).toMatchObject({ lat: 43.5 });
  });

  it('has no point when the server knows none', () => {
    expect(mapPoints(undefined, undefined)).toEqual([]);
  });
});

describe('liveMapPoints', () => {
  const live = {
    pickup: { address: '233 S Wacker Dr, Chicago, IL 60606', lat: 41.8789, lng: -87.6359 },
    delivery: { address: '1 Twins Way, Minneapolis, MN 55403', lat: 44.9817, lng: -93.2776 },
    currentLocation: { lat: 43, lng: -89, address: null, lastUpdate: '2026-11-22T01:00:00.000Z', speed: null, accuracy: null, heading: null, battery: null, timeZone: null, zone: null },
  } as unknown as LiveTracking;

  it('draws pickup, current and delivery from the live view, the current one stale past 120 s', () => {
    const fresh = liveMapPoints(live, Date.parse('2026-11-22T01:02:00.000Z'));
    expect(fresh.map((p) => p.kind)).toEqual(['pickup', 'current', 'delivery']);
    expect(fresh[1]).toMatchObject({ lat: 43, lng: -89, stale: false, address: '43.000000, -89.000000' });
    expect(liveMapPoints(live, Date.parse('2026-11-22T01:02:01.000Z'))[1]!.stale).toBe(true);
    expect(liveMapPoints({ ...live, currentLocation: null }, 0).map((p) => p.kind)).toEqual(['pickup', 'delivery']);
  });
});
