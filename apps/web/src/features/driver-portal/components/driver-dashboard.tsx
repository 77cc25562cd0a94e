import { ACTIVE_STATUSES, CLOSED_MSG, DRIVER_DASHBOARD_STATUSES, LIVE_STATUSES, isFinalForDriver, type Driver, type Package } from '@cargo/shared';
import { Button, Card, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { memo, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useDriverPackages } from '../api/get-driver-packages.ts';
import { useDriverStops } from '../api/get-driver-stops.ts';
import { useUpdatePackageStatus } from '../api/update-package-status.ts';
import { driverSession } from '../hooks/use-driver-session.ts';
import { useDriverTracking } from '../hooks/use-driver-tracking.ts';
import { useScreenAwake } from '../hooks/use-screen-awake.ts';
import { DRIVER_TEXTS as T } from '../texts.ts';
import { reasonOf } from '../utils/driver-request.ts';
import type { QueueEntry, WireFix } from '../utils/fix-queue.ts';
import { BackgroundTrackingPanel } from './background-tracking-panel.tsx';
import { DriverHeader, GpsReadouts, PackageHeading, PackagesReconnecting, TrackingNotices, driverClasses } from './driver-parts.tsx';
import type { Connection } from '../hooks/use-driver-tracking.ts';
import type { Reading } from '../utils/geolocation.ts';
import { DriverSessionGate } from './driver-session-gate.tsx';
import { CloseStopButton, StopQueueNotices, StopSheet, type OpenStop } from './stop-actions.tsx';
import { StopOrderCard } from './stop-order-card.tsx';
import { CashInHandCard, CollectBanner } from './collect-banner.tsx';
import { paths } from '../../../lib/paths.ts';
import { useQueryView } from '../../../lib/deferred-query.ts';
import { useCustomerInstructions } from '../api/get-customer-instructions.ts';
import { StopCustomerNotes } from './stop-customer-notes.tsx';

/** Spec §9: the dashboard tracks every 10 s and polls its packages every 5 s while tracking. */
export const DASHBOARD_TRACK_MS = 10_000;
export const DASHBOARD_POLL_MS = 5_000;

const NO_PACKAGES: Package[] = [];
const isActive = (status: string) => (ACTIVE_STATUSES as readonly string[]).includes(status);
const isLive = (status: string) => (LIVE_STATUSES as readonly string[]).includes(status);
/** Spec §4: underscores display as spaces. */
const statusText = (status: string) => status.replace(/_/g, ' ');

/**
 * /driver-dashboard (spec §2): sign in without auto-create, GPS sharing, the delivery summary, statuses.
 * `callDispatch`: the quick actions' 'Call dispatch' button, drawn by the route from the site's configuration; an element
 * of its own, so that the configuration's answer redraws that button, not the whole dashboard (issue 21, part 7).
 */
export function DriverDashboard({ callDispatch }: { callDispatch?: ReactNode }) {
  return (
    <Stack gap="md">
      <Title order={1}>{T.dashboardTitle}</Title>
      <DriverSessionGate>{({ driver }) => <SignedInDashboard driver={driver} callDispatch={callDispatch} />}</DriverSessionGate>
    </Stack>
  );
}

export function deliverySummary(packages: Package[]) {
  return {
    total: packages.length,
    active: packages.filter((p) => isActive(p.status)).length,
    delivered: packages.filter((p) => p.status === 'delivered').length,
    processing: packages.filter((p) => p.status === 'processing').length,
  };
}

/**
 * Memoised, and its cards too: the answers of the first seconds (the driver's details, the site's configuration, the
 * packages) reach their components synchronously, in one task each (lib/deferred-query.ts), and each redrew the whole
 * screen, a slow phone's longest tasks after the first paint (issue 21, part 7). Now an answer redraws what shows it.
 */
const SignedInDashboard = memo(function SignedInDashboard({ driver, callDispatch }: { driver: Driver; callDispatch?: ReactNode }) {
  const queryClient = useQueryClient();
  const packagesRef = useRef<Package[]>([]);
  // Each position goes to the driver and to every package on its way, in one request.
  const entriesFor = useCallback(
    (fix: WireFix): QueueEntry[] => [
      { driverId: driver.id, shareToken: null, packageRef: null, fix },
      ...packagesRef.current.filter((p) => isLive(p.status)).map((p) => ({ driverId: driver.id, shareToken: null, packageRef: p.id, fix })),
    ],
    [driver.id],
  );
  const t = useDriverTracking({ screen: 'dashboard', entriesFor, minIntervalMs: DASHBOARD_TRACK_MS });
  const packages = useDriverPackages(driver.id, t.tracking ? DASHBOARD_POLL_MS : false);
  packagesRef.current = packages.data ?? NO_PACKAGES;
  // Drawn from a deferred view of the answer: the list and the summary render in slices, not in the answer's own task
  // (a slow phone's longest task on opening the dashboard; issue 21, part 7).
  const view = useQueryView(packages);
  const list = view.data ?? NO_PACKAGES;
  const awake = useScreenAwake(t.tracking);
  const status = useUpdatePackageStatus();
  const summary = deliverySummary(list);
  // The order dispatch set: the same query as the stop-order card (one request for both).
  const stops = useDriverStops(driver.id, t.tracking ? DASHBOARD_POLL_MS : false).data;
  const routeOrder = useMemo(() => (stops ? [...stops.stops.map((s) => s.packageId), ...stops.unplaced.map((u) => u.packageId)] : null), [stops]);

  // Spec §4: tracking stops by itself when packages exist but none is active.
  const { tracking, halt } = t;
  useEffect(() => {
    if (tracking && list.length > 0 && summary.active === 0) {
      halt();
      notifications.show({ title: T.trackingStopped, message: T.trackingEndedNoActive, color: 'blue' });
    }
  }, [tracking, halt, list.length, summary.active]);

  const [closing, setClosing] = useState<OpenStop | null>(null);
  const closeSheet = useCallback(() => setClosing(null), []);
  const { mutate } = status;
  const changeStatus = useCallback(
    (pkg: Package, next: string) => {
      // 'Delivered' is a closed stop: it takes the outcome and its proof on the sheet (issue 18).
      if (next === 'delivered') return setClosing({ pkg, initialKind: null });
      mutate(
        { packageId: pkg.id, status: next },
        {
          onSuccess: () => notifications.show({ title: T.statusUpdated, message: `${pkg.trackingNumber}: ${statusText(next)}`, color: 'green' }),
          onError: (err) => notifications.show({ title: T.statusUpdateFailed, message: reasonOf(err), color: 'red' }),
        },
      );
    },
    [mutate],
  );

  const { halt: haltTracking } = t;
  const logout = useCallback(() => {
    haltTracking();
    driverSession.signOut();
    queryClient.removeQueries({ queryKey: ['drivers'] });
  }, [haltTracking, queryClient]);
  const { refetch } = packages;
  const refresh = useCallback(() => void refetch(), [refetch]);

  return (
    <Stack gap="md">
      <DriverHeader driver={driver} tracking={t.tracking} online={t.online} lastSentAt={t.lastSentAt} />
      <TrackingNotices denied={t.denied} online={t.online} queued={t.queued} hidden={awake.hidden} tracking={t.tracking} rejection={t.rejection} lastFlush={t.lastFlush} />
      <StopQueueNotices />
      <GpsSharingCard
        tracking={t.tracking}
        denied={t.denied}
        start={t.start}
        stop={t.stop}
        updateOnce={t.updateOnce}
        reading={t.reading}
        battery={t.battery}
        lastSentAt={t.lastSentAt}
        connection={t.connection}
        updates={t.updates}
      />
      <SummaryCard total={summary.total} active={summary.active} delivered={summary.delivered} processing={summary.processing} />
      <CashInHandCard pollMs={t.tracking ? DASHBOARD_POLL_MS : false} />
      <StopOrderCard driverId={driver.id} pollMs={t.tracking ? DASHBOARD_POLL_MS : false} />
      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {T.assignedDeliveries}
          </Title>
          {!view.isPending && !view.isError && list.length === 0 && <Text>{T.noPackages}</Text>}
          <PackagesReconnecting driverId={driver.id} />
          <DeliveryList list={list} routeOrder={routeOrder} busy={status.isPending} onChange={changeStatus} onOpen={setClosing} />
        </Stack>
      </Card>
      <QuickActions callDispatch={callDispatch} refresh={refresh} logout={logout} />
      <BackgroundPanel />
      <StopSheet stop={closing} onClose={closeSheet} />
    </Stack>
  );
});

interface GpsSharingCardProps {
  tracking: boolean;
  denied: boolean;
  start: () => void;
  stop: () => void;
  updateOnce: () => unknown;
  reading: Reading | null;
  battery: number | null;
  lastSentAt: string | null;
  connection: Connection;
  updates: number;
}

/** Start, stop, one update, and what the phone reports. */
const GpsSharingCard = memo(function GpsSharingCard({ tracking, denied, start, stop, updateOnce, reading, battery, lastSentAt, connection, updates }: GpsSharingCardProps) {
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {T.gpsSharing}
        </Title>
        <div className={driverClasses.actions}>
          <Button size="xl" onClick={start} disabled={tracking || denied}>
            {T.startTracking}
          </Button>
          <Button size="xl" color="red" variant="outline" onClick={stop} disabled={!tracking}>
            {T.stopTracking}
          </Button>
          <Button size="xl" variant="light" onClick={() => void updateOnce()} disabled={denied}>
            {T.updateOnce}
          </Button>
        </div>
        <GpsReadouts reading={reading} battery={battery} lastUpdated={lastSentAt} connection={connection} updates={updates} />
      </Stack>
    </Card>
  );
});

const SummaryCard = memo(function SummaryCard({ total, active, delivered, processing }: ReturnType<typeof deliverySummary>) {
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={2} size="h4" mb="sm">
        {T.deliverySummary}
      </Title>
      <dl className={driverClasses.summary}>
        {(
          [
            [T.total, total],
            [T.active, active],
            [T.delivered, delivered],
            [T.processing, processing],
          ] as const
        ).map(([label, value]) => (
          <div key={label}>
            <dd>{value}</dd>
            <dt>{label}</dt>
          </div>
        ))}
      </dl>
    </Card>
  );
});

const QuickActions = memo(function QuickActions({ callDispatch, refresh, logout }: { callDispatch?: ReactNode; refresh: () => void; logout: () => void }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={2} size="h4" mb="sm">
        {T.quickActions}
      </Title>
      <div className={driverClasses.actions}>
        {callDispatch}
        <Button size="lg" variant="default" onClick={refresh}>
          {T.refreshPackages}
        </Button>
        <Button size="lg" variant="default" onClick={logout}>
          {T.logout}
        </Button>
      </div>
    </Card>
  );
});

const BackgroundPanel = memo(BackgroundTrackingPanel);


interface DeliveryListProps {
  list: Package[];
  /** The package ids in the order dispatch set (the route's stops, then those without a place); null until known. */
  routeOrder: readonly string[] | null;
  busy: boolean;
  onChange: (pkg: Package, next: string) => void;
  onOpen: (stop: OpenStop) => void;
}

/**
 * Open stops first, in the order dispatch set (those the route does not name after them, as the server lists them);
 * finished ones (a closed delivery: delivered, returned, cancelled) after, for the folded section (issue 31).
 */
export function orderStops(list: readonly Package[], routeOrder: readonly string[] | null): { open: Package[]; finished: Package[] } {
  const place = new Map((routeOrder ?? []).map((id, i) => [id, i]));
  const open = list.filter((p) => !isFinalForDriver(p.status));
  const finished = list.filter((p) => isFinalForDriver(p.status));
  // A stable sort: packages the route does not name keep the server's order after the named ones.
  open.sort((a, b) => (place.get(a.id) ?? Number.MAX_SAFE_INTEGER) - (place.get(b.id) ?? Number.MAX_SAFE_INTEGER));
  return { open, finished };
}

/** The customer's instructions on a stop (issue 33), from the route's one request. */
function StopNotes({ pkg }: { pkg: Package }) {
  return <StopCustomerNotes notes={useCustomerInstructions(pkg.driverId, pkg.id)} />;
}

/** The assigned deliveries, each with its status and actions; memoised, so it renders only when the list changes. */
const DeliveryList = memo(function DeliveryList({ list, routeOrder, busy, onChange, onOpen }: DeliveryListProps) {
  const { open, finished } = orderStops(list, routeOrder);
  return (
    <>
      {open.map((pkg) => (
        <DeliveryCard key={pkg.id} pkg={pkg} busy={busy} onChange={onChange} onOpen={onOpen} />
      ))}
      {finished.length > 0 && (
        <details className={driverClasses.finished}>
          <summary>{T.finishedStops(finished.length)}</summary>
          <div className={driverClasses.finishedList}>
            {finished.map((pkg) => (
              <DeliveryCard key={pkg.id} pkg={pkg} busy={busy} onChange={onChange} onOpen={onOpen} />
            ))}
          </div>
        </details>
      )}
    </>
  );
});

/**
 * One delivery. A closed one is final for the driver (issue 31): its dropdown offers nothing and says why; the server
 * refuses the change as well (409), and only dispatch reopens it.
 */
function DeliveryCard({ pkg, busy, onChange, onOpen }: { pkg: Package; busy: boolean; onChange: (pkg: Package, next: string) => void; onOpen: (stop: OpenStop) => void }) {
  const closed = isFinalForDriver(pkg.status);
  const listed = DRIVER_DASHBOARD_STATUSES.includes(pkg.status as never);
  return (
    <Card withBorder radius="sm" padding="sm" component="article" aria-label={pkg.trackingNumber}>
      <Stack gap="xs">
        {/* Collected before unloading (issue 32): above everything else on the stop. */}
        <CollectBanner pkg={pkg} />
        <PackageHeading pkg={pkg} />
        <Text size="sm">
          {pkg.customerName} · {pkg.deliveryAddress}
        </Text>
        {!closed && <StopNotes pkg={pkg} />}
        <Group gap="sm" align="flex-end" wrap="wrap">
          <NativeSelect
            label={T.statusFor(pkg.trackingNumber)}
            description={closed ? CLOSED_MSG.shortReason : undefined}
            size="md"
            value={closed || listed ? pkg.status : ''}
            onChange={(e) => onChange(pkg, e.currentTarget.value)}
            data={
              closed
                ? [{ value: pkg.status, label: statusText(pkg.status) }]
                : [...(listed ? [] : [{ value: '', label: statusText(pkg.status), disabled: true }]), ...DRIVER_DASHBOARD_STATUSES.map((s) => ({ value: s, label: statusText(s) }))]
            }
            disabled={busy || closed}
            style={{ flex: '1 1 12rem' }}
          />
          <Button component="a" href={paths.trackLive(pkg.trackingNumber)} target="_blank" rel="noopener" size="md" variant="light">
            {T.viewTracking}
          </Button>
          <CloseStopButton pkg={pkg} onOpen={onOpen} />
        </Group>
      </Stack>
    </Card>
  );
}
