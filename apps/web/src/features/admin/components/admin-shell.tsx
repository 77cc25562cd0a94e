import { Button, Container, Group, Tabs, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ADMIN_TABS, useAdminUrl, type AdminTab } from '../hooks/use-admin-url.ts';
import { useRefetchOnShow } from '../hooks/use-refetch-on-show.ts';
import { groupTabs } from '../nav-groups.ts';
import { useAdminSlots } from '../slots.tsx';
import { ADMIN_TEXT } from '../texts.ts';
import classes from './admin.module.css';
import { CurrentLocationTab } from './current-location-tab.tsx';
import { DatabaseTab } from './database-tab.tsx';
import { DevicesTab } from './devices-tab.tsx';
import { DriverRoutesTab } from './driver-routes-tab.tsx';
import { DriversTab } from './drivers-tab.tsx';
import { GpsLinksTab } from './gps-links-tab.tsx';
import { LocationTab } from './location-tab.tsx';
import { PackageFormTab } from './package-form-tab.tsx';
import { PackagesTab } from './packages-tab.tsx';
import { PickupRequestsTab } from './pickup-requests-tab.tsx';
import { StatusTab } from './status-tab.tsx';
import { TrackingTab } from './tracking-tab.tsx';

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
};

export interface AdminShellProps {
  email: string;
  onLogout: () => void;
  loggingOut: boolean;
  driverPortal: ReactNode;
  /** The Delivery Proof tab (features/delivery-proof), composed by the route. */
  proofTab: ReactNode;
  notifications: ReactNode;
  /** The Integrations tab (features/integrations), composed by the route. */
  integrations: ReactNode;
}

/**
 * The top bar (signed-in email, Logout) and the control panel's tabs. A tab is mounted the first time it is opened
 * and stays mounted, so switching tabs never loses what was typed; the tab in the address survives a reload.
 */
export function AdminShell({ email, onLogout, loggingOut, driverPortal, proofTab, notifications, integrations }: AdminShellProps) {
  const { tab, setTab } = useAdminUrl();
  useRefetchOnShow(tab);
  const { fleetMap, auditLog, packageImport } = useAdminSlots();
  // The fleet, import and audit tabs show when the route composed their features into the panel.
  const tabs = ADMIN_TABS.filter((name) => (name !== 'fleet' || fleetMap) && (name !== 'audit' || auditLog) && (name !== 'import' || packageImport));
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
    }
  };

  return (
    <Container size="xl" py="md" className={classes.shell}>
      <Group justify="space-between" wrap="wrap" mb="md" className={classes.topBar}>
        <Title order={1} size="h2">
          {T.shell.title}
        </Title>
        <Group gap="sm">
          <Text size="sm">
            {T.shell.signedInAs} <strong>{email}</strong>
          </Text>
          <Button variant="default" size="xs" onClick={onLogout} loading={loggingOut}>
            {T.shell.logout}
          </Button>
        </Group>
      </Group>
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
            {panel(name)}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Container>
  );
}
