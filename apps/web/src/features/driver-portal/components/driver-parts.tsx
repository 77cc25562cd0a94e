import { formatPhone } from '@cargo/shared';
import type { Driver, Package } from '@cargo/shared';
import { Alert, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { StatusBadge } from '../../../components/ui/status-badge.tsx';
import { useFirstLoadRetry } from '../../../lib/use-first-load-retry.ts';
import { getDriverPackagesQueryOptions } from '../api/get-driver-packages.ts';
import { useWaitingStopCount } from '../hooks/use-stop-queue.ts';
import type { Connection } from '../hooks/use-driver-tracking.ts';
import { DRIVER_TEXTS as T } from '../texts.ts';
import { formatAccuracyM, formatCoordinate, formatDateTime, formatSpeedMph, formatTime, signalFrom, type Reading } from '../utils/geolocation.ts';
import classes from './driver-ui.module.css';

/**
 * Name, phone, vehicle, and two honest indicators (issue 31): the phone's own connection (with the closed stops waiting
 * on it while offline) and whether the position is being shared (with the age of the last fix the server took). Not
 * the server's 'driver online' flag, which said ONLINE beside 'You are offline'.
 */
export function DriverHeader({ driver, tracking, online, lastSentAt, headingOrder = 2 }: { driver: Driver; tracking: boolean; online: boolean; lastSentAt: string | null; headingOrder?: 2 | 3 }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Title order={headingOrder} size="h3">
            {driver.name}
          </Title>
          <Text size="sm">
            {T.phone}: {formatPhone(driver.phone)}
          </Text>
          <Text size="sm">
            {T.vehicle}: {driver.vehicleId}
          </Text>
        </div>
        <ul className={classes.indicators} aria-label={T.indicatorsLabel}>
          <ConnectionIndicator online={online} />
          <SharingIndicator tracking={tracking} lastSentAt={lastSentAt} />
        </ul>
      </Group>
    </Card>
  );
}

function ConnectionIndicator({ online }: { online: boolean }) {
  const waiting = useWaitingStopCount();
  return (
    <li className={classes.indicator} data-tone={online ? 'ok' : 'warn'}>
      {online ? T.phoneOnline : T.phoneOffline(waiting)}
    </li>
  );
}

/** Redraws itself each second while sharing, so the age reads true; nothing else on the screen redraws with it. */
function SharingIndicator({ tracking, lastSentAt }: { tracking: boolean; lastSentAt: string | null }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!tracking || !lastSentAt) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1_000);
    return () => window.clearInterval(timer);
  }, [tracking, lastSentAt]);
  const sent = lastSentAt ? Date.parse(lastSentAt) : NaN;
  const text = !tracking ? T.notSharing : Number.isFinite(sent) ? T.sharingSince(formatAge(now - sent)) : T.sharingNoFix;
  return (
    <li className={classes.indicator} data-tone={tracking ? 'on' : 'off'}>
      {text}
    </li>
  );
}

/** '12 s', '3 min', '1 h 5 min': how long ago, in the words a driver reads at a glance. */
export function formatAge(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s} s`;
  const min = Math.floor(s / 60);
  if (min < 60) return `${min} min`;
  return `${Math.floor(min / 60)} h ${min % 60} min`;
}

/** The plain notices a driver needs while tracking: offline queue, hidden page, refused permission, refused fix. */
export function TrackingNotices({ denied, online, queued, hidden, tracking, rejection, lastFlush }: {
  denied: boolean;
  online: boolean;
  queued: number;
  hidden?: boolean;
  tracking: boolean;
  rejection?: string | null;
  lastFlush?: { sent: number; rejected: string[] } | null;
}) {
  const flushed = queued === 0 && !!lastFlush && lastFlush.sent > 0;
  // Nothing to say, no box: an empty stack would add its parent's gap twice between the cards.
  if (!denied && online && queued === 0 && !flushed && !(tracking && hidden) && !rejection) return null;
  return (
    <Stack gap="xs">
      {denied && (
        <Alert color="red" role="alert" title={T.gpsErrorTitle}>
          {T.deniedAlert}
        </Alert>
      )}
      {!online && (
        <Alert color="orange" role="status">
          {T.offlineNotice}
        </Alert>
      )}
      {queued > 0 && (
        <Alert color="yellow" role="status" aria-live="polite">
          {T.queued(queued)}
        </Alert>
      )}
      {flushed && lastFlush && (
        <Alert color="green" role="status">
          {T.queueSent(lastFlush.sent)}
          {lastFlush.rejected.length > 0 ? ` — ${T.fixRejected(lastFlush.rejected[0]!)}` : ''}
        </Alert>
      )}
      {tracking && hidden && (
        <Alert color="orange" role="status">
          {T.hiddenNotice}
        </Alert>
      )}
      {rejection && (
        <Alert color="orange" role="status" title={T.fixRejectedTitle}>
          {T.fixRejected(rejection)}
        </Alert>
      )}
    </Stack>
  );
}

function Readout({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className={classes.readout}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** Battery (Battery Status API or '—'), signal bars from accuracy, coordinates, speed, accuracy, last update. */
export function GpsReadouts({ reading, battery, lastUpdated, connection, updates }: {
  reading: Reading | null;
  battery: number | null;
  lastUpdated: string | null;
  connection?: Connection;
  updates?: number;
}) {
  const bars = signalFrom(reading?.accuracy ?? null);
  const connectionLabel = connection ? { connected: T.connected, connecting: T.connecting, disconnected: T.disconnected }[connection] : null;
  return (
    <dl className={classes.readouts}>
      {connectionLabel && (
        <Readout
          label={T.connection}
          value={<span style={{ color: `var(--mantine-color-${connection === 'connected' ? 'green-9' : connection === 'connecting' ? 'orange-9' : 'gray-8'})` }}>{connectionLabel}</span>}
        />
      )}
      {updates !== undefined && <Readout label={T.updates} value={updates} />}
      <Readout label={T.battery} value={battery == null ? T.unknown : `${battery}%`} />
      <Readout label={T.signal} value={bars == null ? T.unknown : `${bars}/4`} />
      <Readout label={T.currentCoordinates} value={reading ? <span className={classes.mono}>{`${formatCoordinate(reading.lat)}, ${formatCoordinate(reading.lng)}`}</span> : T.unknown} />
      <Readout label={T.speed} value={formatSpeedMph(reading?.speed ?? null) ?? T.unknown} />
      <Readout label={T.accuracy} value={formatAccuracyM(reading?.accuracy ?? null) ?? T.unknown} />
      <Readout label={T.lastUpdated} value={formatTime(lastUpdated) ?? T.never} />
    </dl>
  );
}

/** One assigned package with the fields of spec §2 (portal list). */
export function PackageFields({ pkg }: { pkg: Package }) {
  return (
    <dl className={classes.fields}>
      <dt>{T.customer}</dt>
      <dd>{pkg.customerName}</dd>
      <dt>{T.deliveryAddress}</dt>
      <dd>{pkg.deliveryAddress}</dd>
      <dt>{T.currentLocation}</dt>
      <dd>{pkg.currentLocation}</dd>
      <dt>{T.estimatedDelivery}</dt>
      <dd>{pkg.estimatedDelivery}</dd>
      <dt>{T.serviceType}</dt>
      <dd>{pkg.serviceType}</dd>
    </dl>
  );
}

export function PackageHeading({ pkg, order = 3 }: { pkg: Package; order?: 3 | 4 }) {
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Title order={order} size="h4" className={classes.mono}>
        {pkg.trackingNumber}
      </Title>
      <StatusBadge status={pkg.status} />
    </Group>
  );
}

export function lastUpdateText(iso: string | null): string {
  return formatDateTime(iso) ?? T.never;
}

export { classes as driverClasses };

/** Says so while the first load of the driver's packages waits for the server or the network (decision 045). */
export function PackagesReconnecting({ driverId }: { driverId: string }) {
  const state = useFirstLoadRetry(getDriverPackagesQueryOptions(driverId).queryKey);
  if (!state) return null;
  return (
    <Text role="status" size="sm">
      {state === 'reconnecting' ? T.packagesReconnecting : T.packagesUnavailable}
    </Text>
  );
}
