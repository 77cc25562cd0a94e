import type { FiguresQuery } from '@cargo/shared';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { PERIOD_KINDS, periodRange, today, type PeriodKind } from '../lib/period.ts';

/**
 * The Performance view's choices live in the address beside the panel's tab (a reload or a shared link opens the same
 * view), each under a name of its own so no other tab's filters are touched: perf (the period), perfMonth, perfFrom,
 * perfTo, perfDriver, perfService, and perfDayOf with perfDate for a driver's day.
 */
export function usePerformanceParams() {
  const [params, setParams] = useSearchParams();
  const now = today();
  const rawKind = params.get('perf');
  const kind: PeriodKind = (PERIOD_KINDS as readonly string[]).includes(rawKind ?? '') ? (rawKind as PeriodKind) : '7d';
  const month = params.get('perfMonth') ?? now.slice(0, 7);
  const from = params.get('perfFrom') ?? '';
  const to = params.get('perfTo') ?? '';
  const driverId = params.get('perfDriver') ?? '';
  const serviceType = params.get('perfService') ?? '';
  const dayOf = params.get('perfDayOf');
  const date = params.get('perfDate') ?? now;

  const query: FiguresQuery | null = useMemo(() => {
    const range = periodRange(kind, { today: now, month, from, to });
    if (!range) return null;
    return { ...range, ...(driverId ? { driverId } : {}), ...(serviceType ? { serviceType } : {}) };
  }, [kind, now, month, from, to, driverId, serviceType]);

  const update = useCallback(
    (changes: Record<string, string | null>) => {
      // From the address as it is now: another tab's change in the same render must not be lost.
      const next = new URLSearchParams(window.location.search);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === '') next.delete(key);
        else next.set(key, value);
      }
      setParams(next, { replace: !('perfDayOf' in changes) });
    },
    [setParams],
  );

  return { kind, month, from, to, driverId, serviceType, dayOf, date, query, update };
}
