import type { LiveTracking, PublicPackage } from '@cargo/shared';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyLiveMessage, resyncTracking } from './apply-message.ts';
import { fix, view } from './test-fixtures.ts';
import { trackingKeys } from './tracking-keys.ts';

describe('applyLiveMessage', () => {
  it('moves the live view and the package to a pushed fix, keeping the time zone and the standing alert', () => {
    const qc = new QueryClient();
    qc.setQueryData(trackingKeys.live('PKG1'), view({ proximityAlert: { type: 'approaching', message: 'm', eta: 9, distanceM: 4000 } }));
    qc.setQueryData(trackingKeys.package('PKG1'), { trackingNumber: 'PKG1', status: 'in_transit', currentLocation: 'In Transit' } as PublicPackage);
    const now = Date.parse('2026-11-22T01:01:00.000Z');
    applyLiveMessage(qc, fix('2026-11-22T01:00:30.000Z'), now);
    const live = qc.getQueryData<LiveTracking>(trackingKeys.live('PKG1'))!;
    expect(live.currentLocation).toMatchObject({ lat: 1.9, lng: 1.9, lastUpdate: '2026-11-22T01:00:30.000Z', accuracy: 5, timeZone: 'America/Chicago', zone: { name: 'Central Standard Time', abbreviation: 'CST', utcOffsetMinutes: -360 } });
    expect(live.eta).toEqual({ minutes: 2, distanceM: 900, speedKmh: 47, speedSource: 'recent' });
    expect(live.estimatedArrival).toBe('2026-11-22T01:03:00.000Z');
    expect(live.proximityAlert?.type).toBe('approaching');
    expect(qc.getQueryData<PublicPackage>(trackingKeys.package('PKG1'))).toMatchObject({ status: 'out_for_delivery', currentLocation: 'GPS: 1.900000, 1.900000' });

    const alert = { type: 'arriving' as const, message: 'Your driver is arriving (within 1 km)', eta: 2, distanceM: 900 };
    applyLiveMessage(qc, fix('2026-11-22T01:00:40.000Z', { proximityAlert: alert }), now);
    expect(qc.getQueryData<LiveTracking>(trackingKeys.live('PKG1'))!.proximityAlert).toEqual(alert);
  });

  it('never moves the position back to an older fix', () => {
    const qc = new QueryClient();
    qc.setQueryData(trackingKeys.live('PKG1'), view());
    applyLiveMessage(qc, fix('2026-11-22T00:59:00.000Z'));
    expect(qc.getQueryData<LiveTracking>(trackingKeys.live('PKG1'))!.currentLocation!.lat).toBe(1.5);
  });

  it('writes a status change at once and marks the live view and the timeline for refetch', () => {
    const qc = new QueryClient();
    qc.setQueryData(trackingKeys.live('PKG1'), view());
    qc.setQueryData(trackingKeys.history('PKG1'), []);
    qc.setQueryData(trackingKeys.package('PKG1'), { trackingNumber: 'PKG1', status: 'out_for_delivery', currentLocation: 'x' } as PublicPackage);
    applyLiveMessage(qc, { type: 'status_update', trackingId: 'PKG1', data: { packageId: 'p1', status: 'delivered', currentLocation: 'Delivered' } });
    expect(qc.getQueryData<PublicPackage>(trackingKeys.package('PKG1'))).toMatchObject({ status: 'delivered', currentLocation: 'Delivered' });
    expect(qc.getQueryData<LiveTracking>(trackingKeys.live('PKG1'))!.status).toBe('delivered');
    expect(qc.getQueryState(trackingKeys.live('PKG1'))!.isInvalidated).toBe(true);
    expect(qc.getQueryState(trackingKeys.history('PKG1'))!.isInvalidated).toBe(true);
  });

  it('marks everything of a resynced subscription for refetch, and nothing of the others', () => {
    const qc = new QueryClient();
    for (const ref of ['PKG1', 'PKG2']) {
      for (const key of [trackingKeys.package(ref), trackingKeys.live(ref), trackingKeys.history(ref), trackingKeys.locations(ref)]) qc.setQueryData(key, {});
    }
    resyncTracking(qc, ['PKG1']);
    for (const key of [trackingKeys.package('PKG1'), trackingKeys.live('PKG1'), trackingKeys.history('PKG1'), trackingKeys.locations('PKG1')]) {
      expect(qc.getQueryState(key)!.isInvalidated, key.join('/')).toBe(true);
    }
    expect(qc.getQueryState(trackingKeys.live('PKG2'))!.isInvalidated).toBe(false);
  });
});
