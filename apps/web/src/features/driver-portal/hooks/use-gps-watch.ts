import { useCallback, useEffect, useRef, useState } from 'react';
import { errorKind, hasGeolocation, toReading, type GeoErrorKind, type Reading } from '../utils/geolocation.ts';

/** A transient error (no fix yet, a timeout) is reported only if no position follows within this time. */
const TRANSIENT_GRACE_MS = 4_000;

export interface GpsWatchOptions {
  options: PositionOptions;
  onReading: (reading: Reading) => void;
  /** 'denied' stops the watch; 'unavailable' and 'timeout' keep it running (the device may find a fix later). */
  onError: (kind: GeoErrorKind) => void;
  /** Reports no more often than this (ms); the newest position in between is kept for the next report. */
  minIntervalMs?: number;
}

/**
 * The browser's position watch for the driver pages. A single transient error never stops tracking (Chromium and
 * real phones report 'position unavailable' briefly before a fix); only a refused permission does.
 */
export function useGpsWatch({ options, onReading, onError, minIntervalMs = 0 }: GpsWatchOptions) {
  const [active, setActive] = useState(false);
  const watchId = useRef<number | null>(null);
  const errorTimer = useRef<number | null>(null);
  const throttle = useRef<{ last: number; pending: Reading | null; timer: number | null }>({ last: 0, pending: null, timer: null });
  const handlers = useRef({ onReading, onError });
  handlers.current = { onReading, onError };
  // Read at each position, so a new interval applies to a running watch.
  const interval = useRef(minIntervalMs);
  interval.current = minIntervalMs;

  const clearTimers = () => {
    if (errorTimer.current !== null) window.clearTimeout(errorTimer.current);
    errorTimer.current = null;
    if (throttle.current.timer !== null) window.clearTimeout(throttle.current.timer);
    throttle.current = { last: 0, pending: null, timer: null };
  };

  const stop = useCallback(() => {
    if (watchId.current !== null) navigator.geolocation.clearWatch(watchId.current);
    watchId.current = null;
    clearTimers();
    setActive(false);
  }, []);

  const deliver = useCallback(
    (reading: Reading) => {
      const t = throttle.current;
      const now = Date.now();
      const wait = t.last + interval.current - now;
      if (wait <= 0) {
        t.last = now;
        t.pending = null;
        handlers.current.onReading(reading);
        return;
      }
      t.pending = reading;
      if (t.timer === null) {
        t.timer = window.setTimeout(() => {
          t.timer = null;
          if (t.pending) deliver(t.pending);
        }, wait);
      }
    },
    [],
  );

  const start = useCallback(() => {
    if (!hasGeolocation() || watchId.current !== null) return false;
    setActive(true);
    watchId.current = navigator.geolocation.watchPosition(
      (position) => {
        if (errorTimer.current !== null) window.clearTimeout(errorTimer.current);
        errorTimer.current = null;
        deliver(toReading(position));
      },
      (error) => {
        const kind = errorKind(error);
        if (kind === 'denied') {
          stop();
          handlers.current.onError(kind);
          return;
        }
        if (errorTimer.current === null) {
          errorTimer.current = window.setTimeout(() => {
            errorTimer.current = null;
            handlers.current.onError(kind);
          }, TRANSIENT_GRACE_MS);
        }
      },
      options,
    );
    return true;
  }, [deliver, options, stop]);

  // Leaving the page stops the watch (spec §4).
  useEffect(() => () => {
    if (watchId.current !== null) navigator.geolocation.clearWatch(watchId.current);
    clearTimers();
  }, []);

  return { active, start, stop };
}
