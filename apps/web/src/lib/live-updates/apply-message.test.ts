import type { LiveTracking, PublicPackage } from '@cargo/shared';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
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

  it('a push for a live view whose first load has not arrived replaces the fetch on its way (decision 045)', async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const answers: Array<(value: LiveTracking) => void> = [];
    const observer = new QueryObserver(qc, {
      queryKey: trackingKeys.live('PKG1'),
      queryFn: () => new Promise<LiveTracking>((resolve) => answers.push(resolve)),
    });
    const stop = observer.subscribe(() => undefined);
    await Promise.resolve();
    expect(answers).toHaveLength(1);
    // The server read the view for this fetch before it stored the pushed fix.
    applyLiveMessage(qc, fix('2026-11-22T01:00:30.000Z'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(answers).toHaveLength(2);
    answers[0]!(view());
    answers[1]!(view({ currentLocation: { ...view().currentLocation!, lat: 1.9, lastUpdate: '2026-11-22T01:00:30.000Z' } }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(qc.getQueryData<LiveTracking>(trackingKeys.live('PKG1'))!.currentLocation!.lat).toBe(1.9);
    stop();
  });

  it('a status push while the package is being fetched replaces that fetch: its answer may be older (decision 045)', async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const pkg = (status: string) => ({ trackingNumber: 'PKG1', status, currentLocation: 'x' }) as PublicPackage;
    qc.setQueryData(trackingKeys.package('PKG1'), pkg('in_transit'));
    const answers: Array<(value: PublicPackage) => void> = [];
    const observer = new QueryObserver(qc, {
      queryKey: trackingKeys.package('PKG1'),
      queryFn: () => new Promise<PublicPackage>((resolve) => answers.push(resolve)),
    });
    const stop = observer.subscribe(() => undefined);
    await Promise.resolve();
    expect(answers).toHaveLength(1);
    applyLiveMessage(qc, { type: 'status_update', trackingId: 'PKG1', data: { packageId: 'p1', status: 'out_for_delivery', currentLocation: 'x' } });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(answers).toHaveLength(2);
    expect(qc.getQueryData<PublicPackage>(trackingKeys.package('PKG1'))!.status).toBe('out_for_delivery');
    // The answer read before the change arrives late: it is dropped.
    answers[0]!(pkg('in_transit'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(qc.getQueryData<PublicPackage>(trackingKeys.package('PKG1'))!.status).toBe('out_for_delivery');
    answers[1]!(pkg('out_for_delivery'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(qc.getQueryData<PublicPackage>(trackingKeys.package('PKG1'))!.status).toBe('out_for_delivery');
    stop();
  });

  it('never moves the position back to an older fix', () => {
    const qc = new QueryClient();
    qc.setQueryData(trackingKeys.live('PKG1'), view());
    applyLiveMessage(qc, fix('2026-11-22T00:59:00.000Z'));
    expect(qc.getQueryData<LiveTracking>(trackingKeys.live('PKG1'))!.currentLocation!.lat).toBe(1.5);
  });

  it('writes a status change at once and marks the live view, the timeline and the delivery proof for refetch', () => {
    const qc = new QueryClient();
    qc.setQueryData(trackingKeys.live('PKG1'), view());
    qc.setQueryData(trackingKeys.history('PKG1'), []);
    qc.setQueryData(trackingKeys.proof('PKG1'), { outcomes: [] });
    qc.setQueryData(trackingKeys.package('PKG1'), { trackingNumber: 'PKG1', status: 'out_for_delivery', currentLocation: 'x' } as PublicPackage);
    applyLiveMessage(qc, { type: 'status_update', trackingId: 'PKG1', data: { packageId: 'p1', status: 'delivered', currentLocation: 'Delivered' } });
    expect(qc.getQueryData<PublicPackage>(trackingKeys.package('PKG1'))).toMatchObject({ status: 'delivered', currentLocation: 'Delivered' });
    expect(qc.getQueryData<LiveTracking>(trackingKeys.live('PKG1'))!.status).toBe('delivered');
    expect(qc.getQueryState(trackingKeys.live('PKG1'))!.isInvalidated).toBe(true);
    expect(qc.getQueryState(trackingKeys.history('PKG1'))!.isInvalidated).toBe(true);
    // A delivery or an attempt pushed to an open customer page shows its outcome card at once (issue 18).
    expect(qc.getQueryState(trackingKeys.proof('PKG1'))!.isInvalidated).toBe(true);
  });

  it('marks everything of a resynced subscription for refetch, and nothing of the others', () => {
    const qc = new QueryClient();
    for (const ref of ['PKG1', 'PKG2']) {
      for (const key of [trackingKeys.package(ref), trackingKeys.live(ref), trackingKeys.history(ref), trackingKeys.locations(ref), trackingKeys.proof(ref)]) qc.setQueryData(key, {});
    }
    resyncTracking(qc, ['PKG1']);
    for (const key of [trackingKeys.package('PKG1'), trackingKeys.live('PKG1'), trackingKeys.history('PKG1'), trackingKeys.locations('PKG1'), trackingKeys.proof('PKG1')]) {
      expect(qc.getQueryState(key)!.isInvalidated, key.join('/')).toBe(true);
    }
    expect(qc.getQueryState(trackingKeys.live('PKG2'))!.isInvalidated).toBe(false);
  });
});
