import type { Driver } from '@cargo/shared';
import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useDriverPackages } from '../api/get-driver-packages.ts';
import { driverSession } from '../hooks/use-driver-session.ts';
import { useDriverTracking } from '../hooks/use-driver-tracking.ts';
import { useScreenAwake } from '../hooks/use-screen-awake.ts';
import { DRIVER_TEXTS as T } from '../texts.ts';
import type { WireFix } from '../utils/fix-queue.ts';
import { formatCoordinate } from '../utils/geolocation.ts';
import { BackgroundTrackingPanel } from './background-tracking-panel.tsx';
import { DriverHeader, GpsReadouts, PackageFields, PackageHeading, PackagesReconnecting, TrackingNotices, driverClasses, lastUpdateText } from './driver-parts.tsx';
import { DriverSessionGate } from './driver-session-gate.tsx';
import { CloseStopButton, StopQueueNotices, StopSheet, type OpenStop } from './stop-actions.tsx';
import { CollectBanner } from './collect-banner.tsx';
import { telHref } from '../../../lib/contact-links.ts';

export interface DriverPortalProps {
  /** Inside the admin panel's 'Driver Portal' tab: no page-level title, headings one level down. */
  embedded?: boolean;
  /** The number 'Call Dispatch' dials (the site's configuration); the button is hidden without one. */
  dispatchPhone?: string | null;
}

/** /driver-portal (spec §2): sign in (or create an account), share the position, see assigned packages. */
export function DriverPortal({ embedded = false, dispatchPhone }: DriverPortalProps) {
  return (
    <Stack gap="md">
      {!embedded && (
        <div>
          <Title order={1}>{T.portalTitle}</Title>
          <Text c="dimmed">{T.portalIntro}</Text>
        </div>
      )}
      <DriverSessionGate allowCreate headingOrder={embedded ? 3 : 2}>{({ driver }) => <SignedInPortal driver={driver} embedded={embedded} dispatchPhone={dispatchPhone} />}</DriverSessionGate>
    </Stack>
  );
}

function SignedInPortal({ driver, embedded, dispatchPhone }: { driver: Driver; embedded: boolean; dispatchPhone?: string | null }) {
  const queryClient = useQueryClient();
  const h = embedded ? 3 : 2;
  const packages = useDriverPackages(driver.id);
  const entriesFor = useCallback((fix: WireFix) => [{ driverId: driver.id, shareToken: null, packageRef: null, fix }], [driver.id]);
  const t = useDriverTracking({ screen: 'portal', entriesFor });
  const awake = useScreenAwake(t.tracking);
  const [closing, setClosing] = useState<OpenStop | null>(null);

  const switchDriver = () => {
    t.halt();
    driverSession.signOut();
    queryClient.removeQueries({ queryKey: ['drivers'] });
  };

  return (
    <Stack gap="md">
      <DriverHeader driver={driver} tracking={t.tracking} online={t.online} lastSentAt={t.lastSentAt} headingOrder={h} />
      <TrackingNotices denied={t.denied} online={t.online} queued={t.queued} hidden={awake.hidden} tracking={t.tracking} rejection={t.rejection} lastFlush={t.lastFlush} />
      <StopQueueNotices />
      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          <div className={driverClasses.actions}>
            <Button size="xl" onClick={t.start} disabled={t.tracking || t.denied}>
              {T.startTracking}
            </Button>
            <Button size="xl" variant="light" onClick={() => void t.updateOnce()} disabled={t.denied}>
              {T.updateOnce}
            </Button>
            <Button size="xl" color="red" variant="outline" onClick={t.stop} disabled={!t.tracking}>
              {T.stopTracking}
            </Button>
          </div>
          <GpsReadouts reading={t.reading} battery={t.battery} lastUpdated={t.lastSentAt} connection={t.connection} updates={t.updates} />
          <Text size="sm">
            {T.currentCoordinates}:{' '}
            {t.reading
              ? `${formatCoordinate(t.reading.lat)}, ${formatCoordinate(t.reading.lng)}`
              : driver.currentLat != null && driver.currentLng != null
                ? `${formatCoordinate(driver.currentLat)}, ${formatCoordinate(driver.currentLng)}`
                : T.unknown}{' '}
            · {T.lastUpdate}: {lastUpdateText(t.lastSentAt ?? driver.lastLocationUpdate)}
          </Text>
          {t.tracking && awake.wakeLock && (
            <Text size="sm" c="dimmed">
              {T.wakeLockOn}
            </Text>
          )}
        </Stack>
      </Card>
      <div className={driverClasses.actions}>
        {dispatchPhone && (
          <Button component="a" href={telHref(dispatchPhone)} size="lg" variant="default">
            {T.callDispatch}
          </Button>
        )}
        <Button size="lg" variant="default" onClick={switchDriver}>
          {T.switchDriver}
        </Button>
      </div>
      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          <Title order={h} size="h4">
            {T.assignedPackages}
          </Title>
          {packages.data?.length === 0 && <Text>{T.noPackages}</Text>}
          <PackagesReconnecting driverId={driver.id} />
          {packages.data?.map((pkg) => (
            <Card key={pkg.id} withBorder radius="sm" padding="sm" component="article">
              <CollectBanner pkg={pkg} />
              <PackageHeading pkg={pkg} order={h === 2 ? 3 : 4} />
              <PackageFields pkg={pkg} />
              <CloseStopButton pkg={pkg} onOpen={setClosing} />
            </Card>
          ))}
        </Stack>
      </Card>
      <BackgroundTrackingPanel headingOrder={h} />
      <StopSheet stop={closing} onClose={() => setClosing(null)} />
    </Stack>
  );
}
