import { Center, Loader, Tabs } from '@mantine/core';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { ADMIN_TABS, useAdminUrl, type AdminTab } from '../hooks/use-admin-url.ts';
import { useRefetchOnShow } from '../hooks/use-refetch-on-show.ts';
import { groupTabs } from '../nav-groups.ts';
import { useAdminSlots } from '../slots.tsx';
import { ADMIN_TEXT } from '../texts.ts';
import classes from './admin.module.css';
import { PackagesTab } from './packages-tab.tsx';

// The Packages tab (the one the panel opens on) is in the panel's chunk; every other tab is a chunk of its own, fetched
// when it is first opened, so the panel's first load carries one tab (issue 21, part 7; decision 052).
const CurrentLocationTab = lazy(() => import('./current-location-tab.tsx').then((m) => ({ default: m.CurrentLocationTab })));
const DatabaseTab = lazy(() => import('./database-tab.tsx').then((m) => ({ default: m.DatabaseTab })));
const DevicesTab = lazy(() => import('./devices-tab.tsx').then((m) => ({ default: m.DevicesTab })));
const DriverRoutesTab = lazy(() => import('./driver-routes-tab.tsx').then((m) => ({ default: m.DriverRoutesTab })));
const DriversTab = lazy(() => import('./drivers-tab.tsx').then((m) => ({ default: m.DriversTab })));
const GpsLinksTab = lazy(() => import('./gps-links-tab.tsx').then((m) => ({ default: m.GpsLinksTab })));
const LocationTab = lazy(() => import('./location-tab.tsx').then((m) => ({ default: m.LocationTab })));
const PackageFormTab = lazy(() => import('./package-form-tab.tsx').then((m) => ({ default: m.PackageFormTab })));
const PickupRequestsTab = lazy(() => import('./pickup-requests-tab.tsx').then((m) => ({ default: m.PickupRequestsTab })));
const StatusTab = lazy(() => import('./status-tab.tsx').then((m) => ({ default: m.StatusTab })));
const TrackingTab = lazy(() => import('./tracking-tab.tsx').then((m) => ({ default: m.TrackingTab })));

/** What a tab shows while its code arrives. */
function TabLoading() {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Loader aria-label={T.common.loading} />
    </Center>
  );
}

const T = ADMIN_TEXT;

const LABELS: Record<AdminTab, string> = {
  fleet: T.tabs.fleet,
  packages: T.tabs.packages,
  create: T.tabs.create,
  drivers: T.tabs.drivers,
  routes: T.tabs.routes,
  status: T.tabs.status,
  location: T.tabs.location,
  'current-location': T.tabs.currentLocation,
  'gps-links': T.tabs.gpsLinks,
  devices: T.tabs.devices,
  tracking: T.tabs.tracking,
  'driver-portal': T.tabs.driverPortal,
  pickups: T.tabs.pickups,
  proof: T.tabs.proof,
  notifications: T.tabs.notifications,
  database: T.tabs.database,
  import: T.tabs.import,
  integrations: T.tabs.integrations,
  audit: T.tabs.audit,
  collections: T.tabs.collections,
  performance: T.tabs.performance,
  'customer-actions': T.tabs.customerActions,
  planning: T.tabs.planning,
};

export interface AdminShellProps {
  driverPortal: ReactNode;
  /** The Delivery Proof tab (features/delivery-proof), composed by the route. */
  proofTab: ReactNode;
  notifications: ReactNode;
  /** The Integrations tab (features/integrations), composed by the route. */
  integrations: ReactNode;
}

/**
 * The control panel's tabs (the heading and the top bar, signed-in email and Logout, are AdminPanel's: they paint before
 * this chunk has arrived). A tab is mounted the first time it is opened
 * and stays mounted, so switching tabs never loses what was typed; the tab in the address survives a reload.
 */
export function AdminShell({ driverPortal, proofTab, notifications, integrations }: AdminShellProps) {
  const { tab, setTab } = useAdminUrl();
  useRefetchOnShow(tab);
  const { fleetMap, auditLog, packageImport, collections, performance, customerActionSettings, planning } = useAdminSlots();
  // The fleet, import, audit, collections, performance, customer-actions and planning tabs show when the route composed
  // their features into the panel.
  const tabs = ADMIN_TABS.filter(
    (name) =>
      (name !== 'fleet' || fleetMap) &&
      (name !== 'audit' || auditLog) &&
      (name !== 'import' || packageImport) &&
      (name !== 'collections' || collections) &&
      (name !== 'performance' || performance) &&
      (name !== 'customer-actions' || customerActionSettings) &&
      (name !== 'planning' || planning),
  );
  const groups = groupTabs(tabs);
  const nav = useRef<HTMLElement>(null);
  // On a narrow screen each group is a strip that scrolls sideways: keep the open tab in sight.
  useEffect(() => {
    nav.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [tab]);
  const [visited, setVisited] = useState<ReadonlySet<AdminTab>>(() => new Set([tab]));
  if (!visited.has(tab)) setVisited(new Set([...visited, tab]));

  const panel = (name: AdminTab): ReactNode => {
    if (!visited.has(name)) return null;
    switch (name) {
      case 'fleet':
        return fleetMap ?? null;
      case 'packages':
        return <PackagesTab />;
      case 'create':
        return <PackageFormTab />;
      case 'drivers':
        return <DriversTab />;
      case 'routes':
        return <DriverRoutesTab />;
      case 'status':
        return <StatusTab />;
      case 'location':
        return <LocationTab />;
      case 'current-location':
        return <CurrentLocationTab />;
      case 'gps-links':
        return <GpsLinksTab />;
      case 'devices':
        return <DevicesTab />;
      case 'tracking':
        return <TrackingTab />;
      case 'driver-portal':
        return driverPortal;
      case 'pickups':
        return <PickupRequestsTab />;
      case 'proof':
        return proofTab;
      case 'notifications':
        return notifications;
      case 'database':
        return <DatabaseTab />;
      case 'import':
        return packageImport ?? null;
      case 'integrations':
        return integrations;
      case 'audit':
        return auditLog ?? null;
      case 'collections':
        return collections ?? null;
      case 'performance':
        return performance ?? null;
      case 'customer-actions':
        return customerActionSettings ?? null;
      case 'planning':
        return planning ?? null;
    }
  };

  return (
    <>
      <Tabs value={tab} onChange={(value) => value && setTab(value as AdminTab)} keepMounted>
        {/* Four groups, each a tab list named by its group (issue 20 item 6, decision 071): one Tabs, so one tab is open. */}
        <nav aria-label={T.shell.tabsLabel} className={classes.nav} ref={nav}>
          {groups.map(({ group, tabs: inGroup }) => (
            <div key={group} className={classes.navGroup}>
              <span id={`admin-group-${group}`} className={classes.navGroupLabel}>
                {T.tabGroups[group]}
              </span>
              <Tabs.List aria-labelledby={`admin-group-${group}`} className={classes.tabList}>
                {inGroup.map((name, i) => (
                  // Each group is a stop of the Tab key: its open tab, or else its first (arrows move within a group).
                  <Tabs.Tab key={name} value={name} className={classes.tab} tabIndex={!inGroup.includes(tab) && i === 0 ? 0 : undefined}>
                    {LABELS[name]}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
            </div>
          ))}
        </nav>
        {tabs.map((name) => (
          <Tabs.Panel key={name} value={name} pt="md">
            <Suspense fallback={<TabLoading />}>{panel(name)}</Suspense>
          </Tabs.Panel>
        ))}
      </Tabs>
    </>
  );
}
