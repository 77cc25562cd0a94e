import { notifications } from '@mantine/notifications';
import { useCallback, useRef, useState } from 'react';
import { DRIVER_TEXTS as T } from '../texts.ts';
import { gpsErrorMessage, type TrackingScreen } from '../utils/gps-messages.ts';
import { DRIVER_WATCH_OPTIONS, getPositionOnce, hasGeolocation, errorKind, type GeoErrorKind, type Reading } from '../utils/geolocation.ts';
import type { QueueEntry, WireFix } from '../utils/fix-queue.ts';
import { useBattery } from './use-battery.ts';
import { useFixSender, type SendOutcome } from './use-fix-sender.ts';
import { useGpsWatch } from './use-gps-watch.ts';
import { useLocationPermission } from './use-location-permission.ts';

export type { TrackingScreen };
export type Connection = 'disconnected' | 'connecting' | 'connected';

export interface DriverTrackingOptions {
  screen: TrackingScreen;
  /** What to send for one position (one entry per package, or the driver's own); none sends nothing. */
  entriesFor: (fix: WireFix) => QueueEntry[];
  watchOptions?: PositionOptions;
  /** The dashboard tracks every 10 s (spec §9); the other pages send each position the device reports. */
  minIntervalMs?: number;
}

const toast = (title: string, message: string, color: 'green' | 'red' | 'blue' | 'orange' = 'green') =>
  notifications.show({ title, message, color });

/**
 * Tracking on a driver screen: the position watch, the battery, each fix to the server (or to the offline queue),
 * the connection badge, the update counter and the §8 toasts. A refused fix is shown with the server's reason.
 */
export function useDriverTracking({ screen, entriesFor, watchOptions = DRIVER_WATCH_OPTIONS, minIntervalMs = 0 }: DriverTrackingOptions) {
  const battery = useBattery();
  const { permission, markDenied, markGranted } = useLocationPermission();
  const sender = useFixSender();
  const [reading, setReading] = useState<Reading | null>(null);
  const [connection, setConnection] = useState<Connection>('disconnected');
  const [updates, setUpdates] = useState(0);
  const [lastSentAt, setLastSentAt] = useState<string | null>(null);
  const [rejection, setRejection] = useState<string | null>(null);
  const firstSent = useRef(false);
  const entries = useRef(entriesFor);
  entries.current = entriesFor;

  const report = useCallback(
    (outcome: SendOutcome) => {
      if (outcome.kind === 'sent') {
        setConnection('connected');
        setUpdates((n) => n + 1);
        setLastSentAt(new Date().toISOString());
        setRejection(null);
        if (!firstSent.current) {
          firstSent.current = true;
          if (screen === 'simple') toast(T.gpsTrackingStarted, T.locationFound);
        }
      } else if (outcome.kind === 'queued') {
        setConnection('disconnected');
      } else if (outcome.kind === 'rejected') {
        setConnection('disconnected');
        setRejection(outcome.reason);
        toast(T.fixRejectedTitle, T.fixRejected(outcome.reason), 'orange');
      } else {
        setConnection('disconnected');
        if (screen === 'older' || screen === 'share') toast(T.locationUpdateFailedTitle, T.locationUpdateFailed, 'red');
        else toast(T.connectionFailedTitle, T.connectionFailed, 'red');
      }
    },
    [screen],
  );

  const sendReading = useCallback(
    async (r: Reading) => {
      setReading(r);
      markGranted();
      const fix: WireFix = { lat: r.lat, lng: r.lng, accuracy: r.accuracy, speed: r.speed, heading: r.heading, altitude: r.altitude, battery, timestamp: r.timestamp };
      const list = entries.current(fix);
      if (list.length === 0) return;
      report(await sender.send(list));
    },
    [battery, markGranted, report, sender],
  );

  const onError = useCallback(
    (kind: GeoErrorKind) => {
      if (kind === 'denied') markDenied();
      setConnection('disconnected');
      const { title, message } = gpsErrorMessage(screen, kind);
      toast(title, message, 'red');
    },
    [markDenied, screen],
  );

  const watch = useGpsWatch({ options: watchOptions, onReading: (r) => void sendReading(r), onError, minIntervalMs });

  const notSupported = () => {
    const title = screen === 'simple' ? T.gpsNotAvailableTitle : T.gpsNotSupportedTitle;
    toast(title, screen === 'simple' ? T.gpsNotSupportedSimple : T.gpsNotSupported, 'red');
  };

  const start = useCallback(() => {
    if (!hasGeolocation()) return notSupported();
    firstSent.current = false;
    setConnection('connecting');
    if (watch.start() && screen !== 'simple') toast(T.trackingStarted, screen === 'share' ? T.shareIntro : T.wakeLockOn);
  }, [screen, watch]);

  const stop = useCallback(() => {
    watch.stop();
    setConnection('disconnected');
    toast(T.trackingStopped, T.trackingStopped, 'blue');
  }, [watch]);

  /** One position now ('Update Location Once', 'Find My Location'); `send` false only shows it. */
  const updateOnce = useCallback(
    async (send = true): Promise<Reading | null> => {
      if (!hasGeolocation()) {
        notSupported();
        return null;
      }
      try {
        const r = await getPositionOnce();
        toast(T.locationFound, T.coordinates(r.lat.toFixed(6), r.lng.toFixed(6)));
        if (send) await sendReading(r);
        else {
          setReading(r);
          markGranted();
        }
        return r;
      } catch (err) {
        const kind = errorKind(err as GeolocationPositionError);
        if (kind === 'denied') markDenied();
        const { title, message } = gpsErrorMessage(screen, kind, true);
        toast(title, message, 'red');
        return null;
      }
    },
    [markDenied, markGranted, screen, sendReading],
  );

  return {
    tracking: watch.active,
    start,
    /** Stops without the toast (leaving, or the dashboard's automatic stop). */
    halt: watch.stop,
    stop,
    updateOnce,
    reading,
    battery,
    permission,
    denied: permission === 'denied',
    // Offline is disconnected, whatever the last send said (issue 31: no 'connected' beside 'Phone offline').
    connection: sender.online ? connection : ('disconnected' as Connection),
    updates,
    lastSentAt,
    rejection,
    queued: sender.queued,
    online: sender.online,
    lastFlush: sender.lastFlush,
  };
}
