import { REFRESH_INTERVALS_MS } from '@cargo/shared';
import { Alert, Badge, Button, Card, Checkbox, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { memo, useCallback, useState } from 'react';
import { useFirstLoadRetry } from '../../../lib/use-first-load-retry.ts';
import { useDriverMe } from '../api/get-driver-me.ts';
import { usePackageAsDriver } from '../api/get-package.ts';
import { resolveShareLinkQueryOptions, useResolvedShareLink } from '../api/resolve-share-link.ts';
import { useDriverSession } from '../hooks/use-driver-session.ts';
import { useDriverTracking } from '../hooks/use-driver-tracking.ts';
import { useScreenAwake } from '../hooks/use-screen-awake.ts';
import { DRIVER_TEXTS as T } from '../texts.ts';
import type { QueueEntry, WireFix } from '../utils/fix-queue.ts';
import { formatDateTime } from '../utils/geolocation.ts';
import { GpsReadouts, TrackingNotices, driverClasses } from './driver-parts.tsx';
import { DriverSignIn } from './driver-sign-in.tsx';

/** Spec form (a) offers 15 s, 30 s and 1 minute. */
const INTERVALS = REFRESH_INTERVALS_MS.filter((ms) => ms >= 15_000);
const intervalLabel = (ms: number) => (ms >= 60_000 ? `${ms / 60_000} minute` : `${ms / 1000} seconds`);

interface Target {
  packageId: string;
  trackingNumber: string;
  shareToken: string | null;
  driverId: string | null;
  expiresAt: string | null;
}

/**
 * /driver-track/{trackingNumber or driver share token} (spec form a, design.md §3): the assigned driver signed in,
 * or a helper with a driver share link, shares the position for one package.
 */
export function SharingPage({ id }: { id: string | undefined }) {
  const session = useDriverSession();
  // A stored session is checked once: a dead token is dropped, and the sign-in form is offered.
  useDriverMe(session.token);
  const link = useResolvedShareLink(id ?? null);
  // With a driver signed in, the package is asked for as that driver at the same time as the link (not once the link
  // has been refused): the assigned driver's page is drawn after one round trip, not two (issue 21, part 7). Used only
  // when the address is not a share link; for one, this answers 404 and is not looked at.
  const asDriver = usePackageAsDriver(id ?? null, session.token);
  // A link checked while the server or the network was away is not invalid: it is checked again by itself (decision 045).
  const linkRetry = useFirstLoadRetry(resolveShareLinkQueryOptions(id ?? '').queryKey);
  if (!id) return <InvalidLink />;
  if (linkRetry === 'reconnecting') return <Text role="status">{T.linkReconnecting}</Text>;
  let target: Target | null = null;
  if (link.data) {
    target = { packageId: link.data.package.id, trackingNumber: link.data.package.trackingNumber, shareToken: id, driverId: null, expiresAt: link.data.expiresAt };
  } else if (asDriver.data && 'driverId' in asDriver.data && session.driver && asDriver.data.driverId === session.driver.id) {
    target = { packageId: asDriver.data.id, trackingNumber: asDriver.data.trackingNumber, shareToken: null, driverId: session.driver.id, expiresAt: null };
  }
  if (!target && (link.isPending || (session.token && asDriver.isPending))) {
    // A signed-in driver (the address is usually the tracking number of one of their packages) sees the screen at once,
    // its buttons off until the package is confirmed: drawn in one piece with the first paint, the screen's largest
    // text is not painted a round trip later (issue 21, part 7). Anyone else sees '…' until the link is checked.
    return session.token ? <Sharing target={null} pendingId={id} /> : <Text>…</Text>;
  }
  if (!target) {
    return (
      <Stack gap="md">
        <InvalidLink />
        {!session.token && <DriverSignIn />}
      </Stack>
    );
  }
  return <Sharing target={target} />;
}

function InvalidLink() {
  return (
    <Card withBorder radius="md" padding="lg" role="alert">
      <Title order={1} size="h2">
        {T.invalidLinkTitle}
      </Title>
      <Text>{T.invalidLink}</Text>
    </Card>
  );
}

const sameTarget = (a: Target | null, b: Target | null) =>
  a === b ||
  (!!a && !!b && a.packageId === b.packageId && a.trackingNumber === b.trackingNumber && a.shareToken === b.shareToken && a.driverId === b.driverId && a.expiresAt === b.expiresAt);

/**
 * Memoised on its target's fields: the page's other answers (the driver's details, the refused link, the site's
 * configuration) arrive synchronously, one task each, and each drew the whole screen again (issue 21, part 7).
 */
const Sharing = memo(function Sharing({ target, pendingId }: { target: Target | null; pendingId?: string }) {
  const [autoRefresh, setAutoRefresh] = useState(true);
  const [intervalMs, setIntervalMs] = useState<number>(INTERVALS[0] ?? 15_000);
  const entriesFor = useCallback(
    (fix: WireFix): QueueEntry[] => (target ? [{ driverId: target.driverId, shareToken: target.shareToken, packageRef: target.packageId, fix }] : []),
    [target],
  );
  const trackingNumber = target?.trackingNumber ?? pendingId ?? '';
  // Auto-refresh off: positions still show, but only 'Send Location Now' sends one.
  const t = useDriverTracking({ screen: 'share', entriesFor: autoRefresh ? entriesFor : () => [], minIntervalMs: intervalMs });
  const sendNow = useDriverTracking({ screen: 'share', entriesFor });
  const awake = useScreenAwake(t.tracking);
  const connection = sendNow.updates > 0 && !t.tracking ? sendNow.connection : t.tracking ? t.connection : 'disconnected';
  const banner = t.tracking ? (connection === 'connected' ? T.gpsConnected : T.gpsConnecting) : T.gpsPaused;

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={1} size="h2">
          {T.shareTitle}
        </Title>
        <Badge size="lg" variant="outline" className={driverClasses.mono}>
          {T.idBadge(trackingNumber)}
        </Badge>
      </Group>
      <Text>{T.locationSharedFor(trackingNumber)}</Text>
      {target?.expiresAt && <Text size="sm">{T.shareLinkExpires(formatDateTime(target.expiresAt) ?? target.expiresAt)}</Text>}
      <Alert color={connection === 'connected' ? 'green' : t.tracking ? 'yellow' : 'gray'} role="status" title={banner}>
        {T.shareIntro}
      </Alert>
      <TrackingNotices denied={t.denied} online={t.online} queued={t.queued} hidden={awake.hidden} tracking={t.tracking} rejection={t.rejection ?? sendNow.rejection} lastFlush={t.lastFlush} />
      <div className={driverClasses.actions}>
        {t.tracking ? (
          <Button size="xl" color="orange" onClick={t.stop}>
            {T.pauseSharing}
          </Button>
        ) : (
          <Button size="xl" onClick={t.start} disabled={t.denied || !target}>
            {T.startSharing}
          </Button>
        )}
        <Button size="xl" variant="light" onClick={() => void sendNow.updateOnce()} disabled={t.denied || !target}>
          {T.sendNow}
        </Button>
      </div>
      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {T.trackingSettings}
          </Title>
          <Checkbox size="md" label={T.autoRefresh} description={T.autoRefreshDescription} checked={autoRefresh} onChange={(e) => setAutoRefresh(e.currentTarget.checked)} />
          <NativeSelect
            label={T.updateInterval}
            size="md"
            value={String(intervalMs)}
            onChange={(e) => setIntervalMs(Number(e.currentTarget.value))}
            disabled={!autoRefresh}
            data={INTERVALS.map((ms) => ({ value: String(ms), label: intervalLabel(ms) }))}
          />
        </Stack>
      </Card>
      <Card withBorder radius="md" padding="md">
        <GpsReadouts
          reading={t.reading ?? sendNow.reading}
          battery={t.battery}
          lastUpdated={[t.lastSentAt, sendNow.lastSentAt].filter(Boolean).sort().pop() ?? null}
          connection={connection}
          updates={t.updates + sendNow.updates}
        />
      </Card>
    </Stack>
  );
}, (a, b) => a.pendingId === b.pendingId && sameTarget(a.target, b.target));
