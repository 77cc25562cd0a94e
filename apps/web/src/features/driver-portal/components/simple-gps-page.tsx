import type { Driver } from '@cargo/shared';
import { Alert, Button, Card, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { useCallback, useState, type FormEvent } from 'react';
import { getDriverMe } from '../api/get-driver-me.ts';
import { getPackageAsDriver } from '../api/get-package.ts';
import { useDriverTracking } from '../hooks/use-driver-tracking.ts';
import { useScreenAwake } from '../hooks/use-screen-awake.ts';
import { DRIVER_TEXTS as T } from '../texts.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { telHref } from '../../../lib/contact-links.ts';
import { reasonOf } from '../utils/driver-request.ts';
import type { WireFix } from '../utils/fix-queue.ts';
import { DriverHeader, GpsReadouts, TrackingNotices, driverClasses } from './driver-parts.tsx';
import { DriverSessionGate } from './driver-session-gate.tsx';
import { notifications } from '@mantine/notifications';

/** /driver, the simple GPS page (spec §2): one tracking number, one button. */
export function SimpleGpsPage({ dispatchPhone }: { dispatchPhone?: string | null }) {
  return (
    <Stack gap="md">
      <div>
        <Title order={1}>{T.simpleTitle}</Title>
        <Text c="dimmed">{T.simpleIntro}</Text>
      </div>
      <DriverSessionGate signedOutIntro={<Text>{T.notSignedIn}</Text>}>{({ driver }) => <SignedInSimple driver={driver} dispatchPhone={dispatchPhone} />}</DriverSessionGate>
    </Stack>
  );
}

function SignedInSimple({ driver, dispatchPhone }: { driver: Driver; dispatchPhone?: string | null }) {
  const [trackingNumber, setTrackingNumber] = useState('');
  const [packageId, setPackageId] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const entriesFor = useCallback((fix: WireFix) => (packageId ? [{ driverId: driver.id, shareToken: null, packageRef: packageId, fix }] : []), [driver.id, packageId]);
  const t = useDriverTracking({ screen: 'simple', entriesFor });
  const awake = useScreenAwake(t.tracking);

  const onStart = async (event: FormEvent) => {
    event.preventDefault();
    const number = trackingNumber.trim().toUpperCase();
    setRefusal(null);
    if (!number) {
      notifications.show({ title: T.enterTrackingTitle, message: T.enterTracking, color: 'red' });
      return;
    }
    setChecking(true);
    try {
      const pkg = await getPackageAsDriver(number);
      if (!('driverId' in pkg) || pkg.driverId !== driver.id) {
        // A public view may also mean the session ended: asking who we are answers 401 then (and the PIN dialog opens).
        await getDriverMe();
        setRefusal(T.packageNotAssigned(number));
        return;
      }
      setPackageId(pkg.id);
      t.start();
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return;
      setRefusal(err instanceof ApiError && err.status === 404 ? T.packageNotFound(number) : reasonOf(err));
    } finally {
      setChecking(false);
    }
  };

  return (
    <Stack gap="md">
      <DriverHeader driver={driver} tracking={t.tracking} online={t.online} lastSentAt={t.lastSentAt} />
      <TrackingNotices denied={t.denied} online={t.online} queued={t.queued} hidden={awake.hidden} tracking={t.tracking} rejection={t.rejection} lastFlush={t.lastFlush} />
      <Card withBorder radius="md" padding="md">
        <form onSubmit={(e) => void onStart(e)}>
          <Stack gap="sm">
            <TextInput
              label={T.trackingNumberLabel}
              placeholder={T.trackingNumberPlaceholder}
              size="lg"
              value={trackingNumber}
              onChange={(e) => setTrackingNumber(e.currentTarget.value.toUpperCase())}
              disabled={t.tracking}
              autoCapitalize="characters"
              maxLength={50}
            />
            {refusal && (
              <Alert color="red" role="alert">
                {refusal}
              </Alert>
            )}
            <div className={driverClasses.actions}>
              <Button type="submit" size="xl" disabled={!trackingNumber.trim() || t.tracking || t.denied} loading={checking}>
                {T.startGps}
              </Button>
              <Button size="xl" color="red" variant="outline" onClick={t.stop} disabled={!t.tracking}>
                {T.stopTracking}
              </Button>
              {dispatchPhone && (
                <Button component="a" href={telHref(dispatchPhone)} size="xl" variant="default">
                  {T.callDispatch}
                </Button>
              )}
            </div>
          </Stack>
        </form>
      </Card>
      {t.tracking || t.updates > 0 ? (
        <Card withBorder radius="md" padding="md">
          <GpsReadouts reading={t.reading} battery={t.battery} lastUpdated={t.lastSentAt} connection={t.connection} updates={t.updates} />
        </Card>
      ) : (
        <Card withBorder radius="md" padding="md">
          <Title order={2} size="h4" mb="xs">
            {T.howToTitle}
          </Title>
          <List type="ordered" spacing="xs">
            {T.howToSteps.map((step) => (
              <List.Item key={step}>{step}</List.Item>
            ))}
          </List>
        </Card>
      )}
    </Stack>
  );
}
