import { useEffect, useState } from 'react';

/**
 * While tracking: keeps the screen on with the Screen Wake Lock API where the browser has it, and says whether the
 * page is hidden (browsers stop reporting positions then, so the page tells the driver plainly).
 */
export function useScreenAwake(tracking: boolean) {
  const [hidden, setHidden] = useState(() => typeof document !== 'undefined' && document.visibilityState === 'hidden');
  const [wakeLock, setWakeLock] = useState(false);

  useEffect(() => {
    const update = () => setHidden(document.visibilityState === 'hidden');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);

  useEffect(() => {
    const nav = navigator as Navigator & { wakeLock?: { request(type: 'screen'): Promise<WakeLockSentinel> } };
    if (!tracking || hidden || !nav.wakeLock) return;
    let sentinel: WakeLockSentinel | null = null;
    let released = false;
    nav.wakeLock
      .request('screen')
      .then((s) => {
        if (released) {
          void s.release();
          return;
        }
        sentinel = s;
        setWakeLock(true);
        s.addEventListener('release', () => setWakeLock(false));
      })
      .catch(() => setWakeLock(false));
    return () => {
      released = true;
      void sentinel?.release();
    };
  }, [tracking, hidden]);

  return { hidden, wakeLock };
}
