import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useDriverStops } from '../api/get-driver-stops.ts';
import { useQueryView } from '../../../lib/deferred-query.ts';
import { formatLocalTime } from '../../../lib/local-time.ts';
import { DRIVER_TEXTS as T } from '../texts.ts';

// Without Intl: the page's first formatter loads the browser's locale data, one long task on a slow phone when the stops
// arrive (lib/local-time.ts; issue 21, part 7).
const time = (iso: string) => formatLocalTime(Date.parse(iso), false);

/**
 * The driver's stops in the order dispatch accepted (issue 20), each with its expected arrival from where the driver
 * is now and navigation links: `geo:` (the phone's maps app) and a maps URL (any browser).
 */
export function StopOrderCard({ driverId, pollMs }: { driverId: string; pollMs: number | false }) {
  // Drawn from a deferred view of the answer, in slices, like the deliveries (lib/deferred-query.ts).
  const { data } = useQueryView(useDriverStops(driverId, pollMs));
  if (!data || data.stops.length === 0) return null;
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
