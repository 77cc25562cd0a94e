import { statusLabel } from '@cargo/shared';
import { Alert, Button, Card, Group, Skeleton, Table, Text, Title } from '@mantine/core';
import { serverMessage } from '../../../lib/toast.ts';
import { useToReplan } from '../api/to-replan.ts';
import { DISPATCH_CA_TEXTS as T } from '../dispatch-texts.ts';

/**
 * The packages whose customer chose another day since their route was last accepted (issue 33, decision 102), with
 * the day and window they chose: dispatch's list to re-plan, beside the attempted packages on the Delivery Proof tab.
 */
export function ToReplanList() {
  const list = useToReplan();
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="to-replan-title">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h3" id="to-replan-title">
          {T.replanTitle}
        </Title>
        <Button variant="default" size="xs" onClick={() => void list.refetch()} loading={list.isFetching}>
          {T.refresh}
        </Button>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {T.replanIntro}
      </Text>
      {list.isPending ? (
        <Skeleton height={60} />
      ) : list.isError ? (
        <Alert color="red">{serverMessage(list.error)}</Alert>
      ) : list.data.length === 0 ? (
        <Text>{T.replanEmpty}</Text>
      ) : (
        <div style={{ overflowX: 'auto' }} role="region" aria-label={T.replanTitle} tabIndex={0}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{T.trackingNumber}</Table.Th>
                <Table.Th>{T.chosenDay}</Table.Th>
                <Table.Th>{T.customer}</Table.Th>
                <Table.Th>{T.address}</Table.Th>
                <Table.Th>{T.driver}</Table.Th>
                <Table.Th>{T.chosenAt}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((p) => (
                <Table.Tr key={p.packageId}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {p.trackingNumber}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {statusLabel(p.status)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {p.label}
                    </Text>
                  </Table.Td>
                  <Table.Td>{p.customerName}</Table.Td>
                  <Table.Td style={{ minWidth: '12rem' }}>{p.deliveryAddress}</Table.Td>
                  <Table.Td>{p.driver ?? '—'}</Table.Td>
                  <Table.Td>{new Date(p.chosenAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
    </Card>
  );
}
