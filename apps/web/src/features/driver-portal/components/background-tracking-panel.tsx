import { Alert, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useRegisterOwnDevice } from '../api/register-own-device.ts';
import { DRIVER_TEXTS as T } from '../texts.ts';
import { reasonOf } from '../utils/driver-request.ts';
import classes from './driver-ui.module.css';

// The QR code library loads only when a code is shown.
const QrCode = lazy(() => import('../../../components/ui/qr-code.tsx').then((m) => ({ default: m.QrCode })));

/**
 * 'Track in the background' (issue 7): registers an OsmAnd device for the signed-in driver and shows what Traccar
 * Client needs, as text and as locally drawn QR codes, with three steps.
 */
export function BackgroundTrackingPanel({ headingOrder = 2 }: { headingOrder?: 2 | 3 }) {
  const register = useRegisterOwnDevice();
  const device = register.data;
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Title order={headingOrder} size="h4">
          {T.backgroundTitle}
        </Title>
        <Text size="sm">{T.backgroundIntro}</Text>
        <List type="ordered" spacing="xs" size="sm">
          {T.backgroundSteps.map((step) => (
            <List.Item key={step}>{step}</List.Item>
          ))}
        </List>
        {!device && (
          <Button size="lg" variant="light" onClick={() => register.mutate()} loading={register.isPending}>
            {register.isPending ? T.backgroundSettingUp : T.backgroundSetUp}
          </Button>
        )}
        {register.isError && (
          <Alert color="red" role="alert">
            {T.backgroundFailed} {reasonOf(register.error)}
          </Alert>
        )}
        {device && (
          <Stack gap="sm">
            <dl className={classes.fields}>
              <dt>{T.serverUrl}</dt>
              <dd className={classes.mono}>{device.serverUrl}</dd>
              <dt>{T.deviceIdentifier}</dt>
              <dd className={classes.mono}>{device.identifier}</dd>
            </dl>
            <Alert color="yellow" role="status">
              {T.backgroundOnce}
            </Alert>
            <Suspense fallback={null}>
              <Group gap="md" wrap="wrap">
                <figure style={{ margin: 0 }}>
                  <QrCode value={device.serverUrl} label={T.qrServer} size={160} />
                  <Text component="figcaption" size="xs" ta="center">
                    {T.serverUrl}
                  </Text>
                </figure>
                <figure style={{ margin: 0 }}>
                  <QrCode value={device.identifier} label={T.qrIdentifier} size={160} />
                  <Text component="figcaption" size="xs" ta="center">
                    {T.deviceIdentifier}
                  </Text>
                </figure>
              </Group>
            </Suspense>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
