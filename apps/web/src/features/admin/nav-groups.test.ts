import { describe, expect, it } from 'vitest';
import { ADMIN_TABS } from './hooks/use-admin-url.ts';
import { ADMIN_TAB_GROUPS, groupTabs } from './nav-groups.ts';

describe('admin tab groups', () => {
  it('puts every tab in exactly one group, in four groups', () => {
    const grouped = groupTabs(ADMIN_TABS);
    expect(grouped.map((g) => g.group)).toEqual(['dispatch', 'drivers', 'customers', 'settings']);
    const all = grouped.flatMap((g) => g.tabs);
    expect([...all].sort()).toEqual([...ADMIN_TABS].sort());
    expect(new Set(all).size).toBe(all.length);
    // Each tab has its group by name, none by the fallback.
    expect([...ADMIN_TAB_GROUPS.flatMap((g) => g.tabs)].sort()).toEqual([...ADMIN_TABS].sort());
  });

  it('shows a tab missing from the groups under Dispatch, and leaves out a group with no tab shown', () => {
    const grouped = groupTabs(['packages', 'pickups', 'new-tab' as never]);
    expect(grouped).toEqual([
      { group: 'dispatch', tabs: ['packages', 'new-tab'] },
      { group: 'customers', tabs: ['pickups'] },
    ]);
    expect(ADMIN_TAB_GROUPS.flatMap((g) => g.tabs)).not.toContain('new-tab');
  });
});
