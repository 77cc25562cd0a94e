import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export const ADMIN_TABS = [
  'fleet', 'packages', 'create', 'drivers', 'routes', 'status', 'location', 'current-location', 'gps-links', 'devices', 'tracking',
  'driver-portal', 'pickups', 'proof', 'notifications', 'database', 'import', 'integrations',
  'audit', 'collections', 'performance', 'customer-actions', 'planning',
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

/**
 * The panel's view lives in the address (tab, search, filters, sort, page, the package being edited), so a reload
 * or a shared link lands on the same view. Typing replaces the entry; changing tab adds one, so Back goes back.
 */
export function useAdminUrl() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: AdminTab = (ADMIN_TABS as readonly string[]).includes(raw ?? '') ? (raw as AdminTab) : 'packages';

  const update = useCallback(
    (changes: Record<string, string | null>, options: { push?: boolean } = {}) => {
      // From the address as it is now, not as it was when this callback was made: a debounced search that lands
      // after a click on Edit must not take the admin back to the tab they just left.
      const next = new URLSearchParams(window.location.search);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === '') next.delete(key);
        else next.set(key, value);
      }
      setParams(next, { replace: !options.push });
    },
    [setParams],
  );

  const setTab = useCallback((next: AdminTab) => update({ tab: next === 'packages' ? null : next, edit: null }, { push: true }), [update]);
  return { tab, params, update, setTab };
}
