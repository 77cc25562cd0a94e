import { LIVE_STATUSES, type Driver, formatPhone } from '@cargo/shared';
import { Anchor, Button, Card, List, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { useDriverPackages } from '../api/get-driver-packages.ts';
import { useDriverTracking } from '../hooks/use-driver-tracking.ts';
import { useScreenAwake } from '../hooks/use-screen-awake.ts';
import { DRIVER_TEXTS as T } from '../texts.ts';
import type { WireFix } from '../utils/fix-queue.ts';
import { OLDER_WATCH_OPTIONS } from '../utils/geolocation.ts';
import { paths } from '../../../lib/paths.ts';
import { GpsReadouts, PackagesReconnecting, TrackingNotices, driverClasses } from './driver-parts.tsx';
import { DriverSessionGate } from './driver-session-gate.tsx';

/** /driver-gps, the older driver GPS page (spec §2). */
export function OlderGpsPage() {
  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="sm" role="note">
        <Text size="sm">
          {T.olderBanner}{' '}
          <Anchor component={Link} to={paths.driver} fw={700} c="blue.9" underline="always">
            {T.olderBannerLink}
          </Anchor>
        </Text>
      </Card>
      <Title order={1}>{T.olderTitle}</Title>
      <DriverSessionGate signedOutIntro={<Text>{T.notSignedIn}</Text>}>{({ driver }) => <SignedInOlder driver={driver} />}</DriverSessionGate>
      <Card withBorder radius="md" padding="md">
        <Title order={2} size="h4" mb="xs">
          {T.olderHowToTitle}
        </Title>
        <List type="ordered" spacing="xs">
          {T.olderHowTo.map((step) => (
            <List.Item key={step}>{step}</List.Item>
          ))}
        </List>
      </Card>
      <Card withBorder radius="md" padding="md">
        <Title order={2} size="h4" mb="xs">
          {T.privacyTitle}
        </Title>
        <Text size="sm">{T.privacyNotice}</Text>
      </Card>
    </Stack>
  );
}

function SignedInOlder({ driver }: { driver: Driver }) {
  const packages = useDriverPackages(driver.id);
  const trackable = (packages.data ?? []).filter((p) => (LIVE_STATUSES as readonly string[]).includes(p.status));
  const [packageId, setPackageId] = useState('');
  const entriesFor = useCallback((fix: WireFix) => (packageId ? [{ driverId: driver.id, shareToken: null, packageRef: packageId, fix }] : []), [driver.id, packageId]);
  const t = useDriverTracking({ screen: 'older', entriesFor, watchOptions: OLDER_WATCH_OPTIONS });
  const awake = useScreenAwake(t.tracking);

  const start = () => {
    if (!packageId) {
      notifications.show({ title: T.selectPackageTitle, message: T.selectPackage, color: 'red' });
      return;
    }
    t.start();
  };

  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="md">
        <Title order={2} size="h4" mb="xs">
          {T.driverInformation}
        </Title>
        <dl className={driverClasses.fields}>
          <dt>{T.driverName}</dt>
          <dd>{driver.name}</dd>
          <dt>{T.phone}</dt>
          <dd>{formatPhone(driver.phone)}</dd>
          <dt>{T.vehicle}</dt>
          <dd>{driver.vehicleId}</dd>
        </dl>
      </Card>
      <TrackingNotices denied={t.denied} online={t.online} queued={t.queued} hidden={awake.hidden} tracking={t.tracking} rejection={t.rejection} lastFlush={t.lastFlush} />
      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          <NativeSelect
            label={T.packagePicker}
            size="lg"
            value={packageId}
            onChange={(e) => setPackageId(e.currentTarget.value)}
            disabled={t.tracking}
            data={[{ value: '', label: T.packagePickerPlaceholder }, ...trackable.map((p) => ({ value: p.id, label: `${p.trackingNumber} — ${p.customerName}` }))]}
          />
          {packages.isSuccess && trackable.length === 0 && <Text size="sm">{T.noTrackablePackages}</Text>}
          <PackagesReconnecting driverId={driver.id} />
        </Stack>
      </Card>
      <Card withBorder radius="md" padding="md">
        <Title order={2} size="h4" mb="xs">
          {T.locationCard}
        </Title>
        {t.reading ? <GpsReadouts reading={t.reading} battery={t.battery} lastUpdated={t.lastSentAt} connection={t.connection} updates={t.updates} /> : <Text size="sm">{T.locationUnknown}</Text>}
      </Card>
      <div className={driverClasses.actions}>
        <Button size="xl" variant="light" onClick={() => void t.updateOnce(false)} disabled={t.denied}>
          {T.findMyLocation}
        </Button>
        <Button size="xl" onClick={start} disabled={!packageId || !t.reading || t.tracking || t.denied}>
          {T.startLiveTracking}
        </Button>
        <Button size="xl" color="red" variant="outline" onClick={t.stop} disabled={!t.tracking}>
          {T.stopTracking}
        </Button>
      </div>
    </Stack>
  );
}
