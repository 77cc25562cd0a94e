import { useEffect, useState } from 'react';

/** The current time in milliseconds, re-read every `intervalMs` (a live clock or a periodic re-evaluation). */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
