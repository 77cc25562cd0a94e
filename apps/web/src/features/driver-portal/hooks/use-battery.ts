import { useEffect, useState } from 'react';

interface BatteryManagerLike extends EventTarget {
  level: number;
}

/** The device's battery percent from the Battery Status API, or null where the browser does not offer it (never a guess). */
export function useBattery(): number | null {
  const [level, setLevel] = useState<number | null>(null);
  useEffect(() => {
    const nav = navigator as Navigator & { getBattery?: () => Promise<BatteryManagerLike> };
    if (!nav.getBattery) return;
    let battery: BatteryManagerLike | null = null;
    let cancelled = false;
    const update = () => battery && setLevel(Math.round(battery.level * 100));
    nav
      .getBattery()
      .then((b) => {
        if (cancelled) return;
        battery = b;
        update();
        b.addEventListener('levelchange', update);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      battery?.removeEventListener('levelchange', update);
    };
  }, []);
  return level;
}
