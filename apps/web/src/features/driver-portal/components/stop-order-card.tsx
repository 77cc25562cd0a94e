import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useDriverStops } from '../api/get-driver-stops.ts';
import { DRIVER_TEXTS as T } from '../texts.ts';

const time = (iso: string) => new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });

/**
 * The driver's stops in the order dispatch accepted (issue 20), each with its expected arrival from where the driver
 * is now and navigation links: `geo:` (the phone's maps app) and a maps URL (any browser).
 */
export function StopOrderCard({ driverId, pollMs }: { driverId: string; pollMs: number | false }) {
  const stops = useDriverStops(driverId, pollMs);
  if (!stops.data || stops.data.stops.length === 0) return null;
  const { data } = stops;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={T.stopOrder}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {T.stopOrder}
        </Title>
        <Text size="sm" c="dimmed">
          {data.acceptedAt ? T.stopOrderAccepted : T.stopOrderNone} · {T.stopDistance(data.distanceM)}
        </Text>
        <ol style={{ margin: 0, paddingLeft: '1.5rem' }}>
          {data.stops.map((s) => (
            <li key={s.packageId} style={{ marginBottom: '0.5rem' }}>
              <Text fw={600} size="sm">
                {s.trackingNumber} · {s.customerName}
              </Text>
              <Text size="sm">{s.address}</Text>
              <Group gap="sm" wrap="wrap">
                <Text size="sm">
                  {T.expectedArrival}: {time(s.eta)}
                </Text>
                {s.late && (
                  <Badge color="red.9" size="sm">
                    {T.stopLate}
                  </Badge>
                )}
                <Anchor href={s.navigation.geo} size="sm" aria-label={`${T.navigate} (${T.navigateApp}) ${s.trackingNumber}`}>
                  {T.navigateApp}
                </Anchor>
                <Anchor href={s.navigation.maps} target="_blank" rel="noopener noreferrer" size="sm" aria-label={`${T.navigate} (${T.navigateMaps}) ${s.trackingNumber}`}>
                  {T.navigateMaps}
                </Anchor>
              </Group>
            </li>
          ))}
        </ol>
        {data.unplaced.length > 0 && <Text size="sm">{T.stopsUnplaced(data.unplaced.map((u) => u.trackingNumber).join(', '))}</Text>}
      </Stack>
    </Card>
  );
}
