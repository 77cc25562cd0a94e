import type { FleetSnapshot } from '@cargo/shared';
import { describe, expect, it } from 'vitest';
import { FleetStore } from './fleet-store.ts';

const at = (iso: string, lat = 41.88) => ({ driverId: 'd1', lat, lng: -87.63, speed: null, heading: null, recordedAt: iso, movedAt: iso });
const snapshot = (position: ReturnType<typeof at> | null): FleetSnapshot => ({
  drivers: [{ id: 'd1', name: 'Ann', phone: '+15550100', vehicleId: 'VAN-1', position, packagesOnBoard: 2, nextStop: null, late: false, lateStops: 0, firstLateStop: null }],
  counts: { outForDelivery: 0, deliveredToday: 0, attemptedToday: 0, late: 0, unassigned: 0 },
  serverTime: '2026-01-05T12:00:00.000Z',
});

describe('the fleet store', () => {
  it('applies pushed positions, never an older one over a newer, and tells listeners once per batch', () => {
    const store = new FleetStore();
    let heard = 0;
    store.subscribe(() => (heard += 1));
    store.load(snapshot(at('2026-01-05T12:00:00.000Z')));
    store.apply([at('2026-01-05T12:00:05.000Z', 41.9), at('2026-01-05T12:00:01.000Z', 41.7)]);
    expect(store.get('d1')?.position?.lat).toBe(41.9);
    expect(heard).toBe(2);
  });

  it('keeps a pushed position newer than a snapshot read later; asks again for an unknown driver', () => {
    const store = new FleetStore();
    store.load(snapshot(null));
    store.apply([at('2026-01-05T12:00:09.000Z', 42)]);
    store.load(snapshot(at('2026-01-05T12:00:00.000Z')));
    expect(store.get('d1')?.position?.lat).toBe(42);
    let asked = 0;
    store.onUnknownDriver = () => (asked += 1);
    store.apply([{ ...at('2026-01-05T12:00:10.000Z'), driverId: 'someone-new' }]);
    expect(asked).toBe(1);
  });
});
