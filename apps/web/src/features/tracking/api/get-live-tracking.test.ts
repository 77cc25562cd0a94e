import type { LiveTracking } from '@cargo/shared';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyLiveMessage } from '../../../lib/live-updates/apply-message.ts';
import { fix, view } from '../../../lib/live-updates/test-fixtures.ts';
import { trackingKeys } from '../../../lib/live-updates/tracking-keys.ts';
import { getLiveTrackingQueryOptions } from './get-live-tracking.ts';

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 22, 1, 0, seconds)).toISOString();
/** The live view with its newest fix at a time. */
const viewAt = (time: string, over: Partial<LiveTracking> = {}) => view({ currentLocation: { ...view().currentLocation!, lastUpdate: time }, ...over });
const noFix = view({ currentLocation: null, isActive: false, eta: null, etaMinutes: null, message: 'Driver has not started location sharing yet.' });
const alert = { type: 'approaching' as const, message: 'Your driver is approaching (within 5 km)', eta: 2, distanceM: 4600 };

/** The live query, answered when the test says, as a request still on its way. */
function slowAnswer(qc: QueryClient) {
  let answer!: (view: LiveTracking) => void;
  const done = qc.fetchQuery({ ...getLiveTrackingQueryOptions('PKG1'), queryFn: () => new Promise<LiveTracking>((resolve) => (answer = resolve)) });
  return { answer: (v: LiveTracking) => answer(v), done };
}

describe('the live query against pushes', () => {
  it('an answer written before a pushed fix keeps that fix, its ETA and its proximity alert', async () => {
    const qc = new QueryClient();
    qc.setQueryData(trackingKeys.live('PKG1'), noFix);
    const request = slowAnswer(qc);
    // The first fix of a view without one: the push shows it (and asks for the full view, the request above).
    applyLiveMessage(qc, fix(at(30), { proximityAlert: alert }), Date.parse(at(31)));
    request.answer(viewAt(at(10), { driverName: 'Dana Fresh' }));
    await request.done;
    const live = qc.getQueryData<LiveTracking>(trackingKeys.live('PKG1'))!;
    expect(live.currentLocation).toMatchObject({ lat: 1.9, lastUpdate: at(30), zone: { abbreviation: 'CST' } });
    expect(live.proximityAlert).toEqual(alert);
    expect(live.etaMinutes).toBe(2);
    expect(live.driverName).toBe('Dana Fresh');
  });

  it('an answer with a newer fix, or with no position (delivered), is taken as it is', async () => {
    const qc = new QueryClient();
    qc.setQueryData(trackingKeys.live('PKG1'), viewAt(at(10)));
    applyLiveMessage(qc, fix(at(30)), Date.parse(at(31)));
    let request = slowAnswer(qc);
    request.answer(viewAt(at(40)));
    await request.done;
    expect(qc.getQueryData<LiveTracking>(trackingKeys.live('PKG1'))).toEqual(viewAt(at(40)));

    applyLiveMessage(qc, fix(at(50)), Date.parse(at(51)));
    request = slowAnswer(qc);
    const delivered = { ...noFix, status: 'delivered', message: 'Package has been delivered' };
    request.answer(delivered);
    await request.done;
    expect(qc.getQueryData<LiveTracking>(trackingKeys.live('PKG1'))).toEqual(delivered);
  });
});
