import type { RouteOptimisation } from '@cargo/shared';
import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useAcceptStopOrder, useOptimiseRoute } from '../api/optimise-route.ts';
import { OPTIMISER_TEXT as T } from '../texts.ts';
import { OrderMap } from './order-map.tsx';

const message = (error: unknown) => (error instanceof ApiError ? error.message.replace(/^\d+: /, '') : error instanceof Error ? error.message : '');

/**
 * 'Optimise order' on Driver Routes (issue 20): asks the server for an order of the driver's stops, shows the
 * distance before and after and the map of the new order, and is accepted (stored: the driver's dashboard follows it)
 * or discarded (nothing changes).
 */
export function RouteOptimiser({ driverId, onAccepted }: { driverId: string; onAccepted?: () => void }) {
  const optimise = useOptimiseRoute();
  const accept = useAcceptStopOrder();
  const [result, setResult] = useState<RouteOptimisation | null>(null);
  const [shownFor, setShownFor] = useState(driverId);
  if (shownFor !== driverId) {
    setShownFor(driverId);
    setResult(null);
  }

  const run = () =>
    optimise.mutate(driverId, {
      onSuccess: setResult,
      onError: (error) => notifications.show({ color: 'red', title: T.failed, message: message(error) }),
    });
  const keep = () => {
    if (!result) return;
    accept.mutate(
      { driverId, order: result.after.stops.map((s) => s.packageId) },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', title: T.accepted, message: T.distance(result.after.distanceM) });
          setResult(null);
          onAccepted?.();
        },
        onError: (error) => notifications.show({ color: 'red', title: T.acceptFailed, message: message(error) }),
      },
    );
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={T.title}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {T.title}
          </Title>
          <Button onClick={run} loading={optimise.isPending} variant={result ? 'default' : 'filled'}>
            {T.optimise}
          </Button>
        </Group>
        {result && (
          <>
            {result.notice && (
              <Alert color="yellow" role="status">
                {result.notice}
              </Alert>
            )}
            {result.after.stops.length < 2 ? (
              <Text>{T.tooFew}</Text>
            ) : (
              <>
                <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                  <Figure label={T.before} value={T.distance(result.before.distanceM)} note={T.late(result.before.lateStops)} />
                  <Figure label={T.after} value={T.distance(result.after.distanceM)} note={T.late(result.after.lateStops)} />
                  <Figure label={T.saving(result.before.distanceM, result.after.distanceM)} value="" note={T.computed(T.engine[result.engine], result.computeMs)} />
                </SimpleGrid>
                <OrderMap result={result} />
                <Text size="xs" c="dimmed">
                  {T.legend}
                </Text>
                <div style={{ overflowX: 'auto' }} role="region" aria-label={T.after} tabIndex={0}>
                  <Table striped>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{T.columns.n}</Table.Th>
                        <Table.Th>{T.columns.tracking}</Table.Th>
                        <Table.Th>{T.columns.address}</Table.Th>
                        <Table.Th>{T.columns.eta}</Table.Th>
                        <Table.Th>{T.columns.window}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {result.after.stops.map((s, i) => (
                        <Table.Tr key={s.packageId}>
                          <Table.Td>{i + 1}</Table.Td>
                          <Table.Td style={{ whiteSpace: 'nowrap' }}>{s.trackingNumber}</Table.Td>
                          <Table.Td>{s.address}</Table.Td>
                          <Table.Td style={{ whiteSpace: 'nowrap' }}>
                            {T.time(s.eta)} {s.late && <Badge color="red.9" size="xs">{T.lateBadge}</Badge>}
                          </Table.Td>
                          <Table.Td style={{ whiteSpace: 'nowrap' }}>{s.windowEnd ? T.time(s.windowEnd) : '—'}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </div>
              </>
            )}
            {result.unplaced.length > 0 && <Text size="sm">{T.unplaced(result.unplaced.length)}</Text>}
            <Group>
              <Button onClick={keep} loading={accept.isPending} disabled={result.after.stops.length === 0}>
                {T.accept}
              </Button>
              <Button variant="default" onClick={() => setResult(null)}>
                {T.discard}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}

function Figure({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <Paper withBorder p="sm" radius="sm">
      <Text size="sm" fw={600}>
        {label}
      </Text>
      {value && (
        <Text size="xl" fw={700}>
          {value}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {note}
      </Text>
    </Paper>
  );
}
