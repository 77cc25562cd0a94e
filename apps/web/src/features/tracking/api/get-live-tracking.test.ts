import type { LiveTracking } from '@cargo/shared';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyLiveMessage } from '../../../lib/live-updates/apply-message.ts';
import { trackingKeys } from '../../../lib/live-updates/tracking-keys.ts';
import { getLiveTrackingQueryOptions } from './get-live-tracking.ts';

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 22, 1, 0, seconds)).toISOString();

const view = (fixAt: string | null, over: Partial<LiveTracking> = {}): LiveTracking => ({
  packageId: 'p1',
  status: 'out_for_delivery',
  driverName: 'Dana',
  driverPhone: '5550100000',
  vehicleId: 'VAN-1',
  isActive: fixAt !== null,
  message: fixAt === null ? 'Driver has not started location sharing yet.' : null,
  estimatedArrival: null,
  etaMinutes: fixAt === null ? null : 9,
  eta: null,
  proximityAlert: null,
  realLocationLink: null,
  packageInfo: { trackingNumber: 'PKG1', customer: 'Erin', destination: '1 Main St' },
  pickup: { address: 'A', lat: 1, lng: 1 },
  delivery: { address: 'B', lat: 2, lng: 2 },
  currentLocation:
    fixAt === null
      ? null
      : { lat: 1.5, lng: 1.5, address: null, lastUpdate: fixAt, speed: 12, accuracy: 8, heading: 90, battery: 70, timeZone: 'America/Chicago', zone: { name: 'Central Standard Time', abbreviation: 'CST', utcOffsetMinutes: -360 } },
  ...over,
});

const alert = { type: 'approaching' as const, message: 'Your driver is approaching (within 5 km)', eta: 6, distanceM: 4600 };
const push = (recordedAt: string) => ({
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
    etaMinutes: 6,
    eta: { minutes: 6, distanceM: 4600, speedKmh: 47, speedSource: 'recent' as const },
    proximityAlert: alert,
  },
});

/** The live query, answered when the test says, as a request still on its way. */
function slowAnswer(qc: QueryClient) {
  let answer!: (view: LiveTracking) => void;
  const done = qc.fetchQuery({ ...getLiveTrackingQueryOptions('PKG1'), queryFn: () => new Promise<LiveTracking>((resolve) => (answer = resolve)) });
  return { answer: (v: LiveTracking) => answer(v), done };
}

describe('the live query against pushes', () => {
  it('an answer written before a pushed fix keeps that fix, its ETA and its proximity alert', async () => {
    const qc = new QueryClient();
    qc.setQueryData(trackingKeys.live('PKG1'), view(null));
    const request = slowAnswer(qc);
    // The first fix of a view without one: the push shows it (and asks for the full view, the request above).
    applyLiveMessage(qc, push(at(30)), Date.parse(at(31)));
    request.answer(view(at(10), { driverName: 'Dana Fresh' }));
    await request.done;
    const live = qc.getQueryData<LiveTracking>(trackingKeys.live('PKG1'))!;
    expect(live.currentLocation).toMatchObject({ lat: 1.9, lastUpdate: at(30), zone: { abbreviation: 'CST' } });
    expect(live.proximityAlert).toEqual(alert);
    expect(live.etaMinutes).toBe(6);
    expect(live.driverName).toBe('Dana Fresh');
  });

  it('an answer with a newer fix, or with no position (delivered), is taken as it is', async () => {
    const qc = new QueryClient();
    qc.setQueryData(trackingKeys.live('PKG1'), view(at(10)));
    applyLiveMessage(qc, push(at(30)), Date.parse(at(31)));
    let request = slowAnswer(qc);
    request.answer(view(at(40)));
    await request.done;
    expect(qc.getQueryData<LiveTracking>(trackingKeys.live('PKG1'))).toEqual(view(at(40)));

    applyLiveMessage(qc, push(at(50)), Date.parse(at(51)));
    request = slowAnswer(qc);
    const delivered = view(null, { status: 'delivered', message: 'Package has been delivered' });
    request.answer(delivered);
    await request.done;
    expect(qc.getQueryData<LiveTracking>(trackingKeys.live('PKG1'))).toEqual(delivered);
  });
});
