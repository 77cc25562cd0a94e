import { AUDIT_ACTOR_TYPES, AUDIT_OBJECT_TYPES, type AuditActorType, type AuditObjectType } from '@cargo/shared';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

import { AUDIT_PARAMS } from './audit-params.ts';

export { AUDIT_PARAMS, auditHistoryParams } from './audit-params.ts';

/** 'YYYY-MM-DD' (plus some days) as the start of that day on this computer, in ISO (UTC). */
const dayStart = (day: string, plusDays = 0): string | undefined => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const at = new Date(y, m - 1, d + plusDays);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
};

export function useAuditFilters() {
  const [params, setParams] = useSearchParams();
  const get = (name: string) => params.get(name) ?? '';
  const rawObject = get(AUDIT_PARAMS.objectType);
  const rawActor = get(AUDIT_PARAMS.actorType);
  const filters = {
    objectType: (AUDIT_OBJECT_TYPES as readonly string[]).includes(rawObject) ? (rawObject as AuditObjectType) : null,
    objectId: get(AUDIT_PARAMS.objectId),
    actorType: (AUDIT_ACTOR_TYPES as readonly string[]).includes(rawActor) ? (rawActor as AuditActorType) : null,
    actorId: get(AUDIT_PARAMS.actorId),
    from: get(AUDIT_PARAMS.from),
    to: get(AUDIT_PARAMS.to),
    page: Math.max(1, Number.parseInt(get(AUDIT_PARAMS.page), 10) || 1),
  };

  const update = useCallback(
    (changes: Partial<Record<keyof typeof AUDIT_PARAMS, string | null>>) => {
      const next = new URLSearchParams(window.location.search);
      for (const [key, value] of Object.entries(changes)) {
        const name = AUDIT_PARAMS[key as keyof typeof AUDIT_PARAMS];
        if (value === null || value === '') next.delete(name);
        else next.set(name, value);
      }
      // A new filter starts at the first page.
      if (!('page' in changes)) next.delete(AUDIT_PARAMS.page);
      setParams(next, { replace: true });
    },
    [setParams],
  );

  const from = dayStart(filters.from);
  // 'To' is inclusive: up to the start of the next day.
  const to = dayStart(filters.to, 1);
  const valid = !from || !to || from < to;
  return { filters, update, range: valid ? { from, to } : { from: undefined, to: undefined } };
}
