import type { AdminTab } from './hooks/use-admin-url.ts';

export type AdminTabGroup = 'dispatch' | 'drivers' | 'customers' | 'settings';

/**
 * The panel's tabs in four groups (issue 20 item 6, decision 071): each keeps its name and its `?tab=` address. A tab
 * not listed here (one added later) shows under Dispatch, so none is ever unreachable.
 */
export const ADMIN_TAB_GROUPS: ReadonlyArray<{ group: AdminTabGroup; tabs: readonly AdminTab[] }> = [
  { group: 'dispatch', tabs: ['fleet', 'packages', 'create', 'import', 'status', 'location', 'gps-links', 'proof', 'performance'] },
  { group: 'drivers', tabs: ['drivers', 'routes', 'planning', 'collections', 'devices', 'tracking', 'driver-portal'] },
  { group: 'customers', tabs: ['pickups', 'notifications'] },
  { group: 'settings', tabs: ['current-location', 'database', 'integrations', 'customer-actions', 'audit'] },
];

/** The groups with the tabs shown (in the order given), the unlisted ones under the first group. */
export function groupTabs(shown: readonly AdminTab[]): Array<{ group: AdminTabGroup; tabs: AdminTab[] }> {
  const listed = new Set(ADMIN_TAB_GROUPS.flatMap((g) => g.tabs));
  const groups = ADMIN_TAB_GROUPS.map(({ group, tabs }) => ({ group, tabs: tabs.filter((t) => shown.includes(t)) }));
  groups[0]!.tabs.push(...shown.filter((t) => !listed.has(t)));
  return groups.filter((g) => g.tabs.length > 0);
}
