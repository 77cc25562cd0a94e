import { Alert, Button, Group, Paper, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { apiDownload } from '../../../lib/api-client.ts';
import { useCurrency } from '../../../lib/currency.ts';
import { serverMessage, toastError, toastSuccess } from '../../../lib/toast.ts';
import { useCollections, useRecordHandover } from '../api/payments.ts';
import { COLLECTIONS_TEXT } from '../texts.ts';

const T = COLLECTIONS_TEXT.collections;

/** Today on this browser's calendar, as YYYY-MM-DD. */
function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The Collections tab (issue 32, item 6): one day's cash per driver, the hand-overs dispatch enters, and a CSV. */
export function CollectionsTab() {
  const money = useCurrency();
  const [day, setDay] = useState(today);
  const list = useCollections(day);
  const handover = useRecordHandover();
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});

  const enter = (driverId: string) => {
    const minor = money.parse(typed[driverId] ?? '');
    if (minor === null || minor < 0) return setErrors((e) => ({ ...e, [driverId]: 'Enter an amount in the currency, such as 120.00' }));
    setErrors((e) => ({ ...e, [driverId]: undefined }));
    handover.mutate({ driverId, day, amount: minor }, { onSuccess: () => (toastSuccess(T.handoverSaved), setTyped((t) => ({ ...t, [driverId]: '' }))), onError: (error) => toastError(T.loadFailed, serverMessage(error)) });
  };
  const exportCsv = async () => {
    try {
      const { blob, filename } = await apiDownload(`/api/exports/collections?day=${encodeURIComponent(day)}`);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = filename ?? `collections-${day}.csv`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      toastError(T.loadFailed, serverMessage(error as Error));
    }
  };

  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {T.title}
      </Title>
      <Text size="sm" c="dimmed">
        {T.intro}
      </Text>
      <Group align="flex-end" gap="sm">
        <TextInput type="date" label={T.day} value={day} onChange={(e) => setDay(e.currentTarget.value)} />
        <Button variant="default" onClick={() => void exportCsv()}>
          {T.exportCsv}
        </Button>
      </Group>
      {list.isPending ? (
        <Skeleton height={120} />
      ) : list.isError ? (
        <Alert color="red">{serverMessage(list.error) ?? T.loadFailed}</Alert>
      ) : list.data.drivers.length === 0 ? (
        <Text>{T.none}</Text>
      ) : (
        list.data.drivers.map((d) => (
          <Paper key={d.driverId} withBorder p="md" radius="md" component="section" aria-label={d.driverName}>
            <Stack gap="xs">
              <Title order={3} size="h4">
                {d.driverName}
              </Title>
              <div style={{ overflowX: 'auto' }}>
                <Table>
                  <Table.Tbody>
                    <Table.Tr>
                      <Table.Th>{T.cash}</Table.Th>
                      <Table.Td>{money.format(d.cash)}</Table.Td>
                    </Table.Tr>
                    <Table.Tr>
                      <Table.Th>{T.card}</Table.Th>
                      <Table.Td>{money.format(d.card)}</Table.Td>
                    </Table.Tr>
                    <Table.Tr>
                      <Table.Th>{T.other}</Table.Th>
                      <Table.Td>{money.format(d.other)}</Table.Td>
                    </Table.Tr>
                    <Table.Tr>
                      <Table.Th>{T.handedOver}</Table.Th>
                      <Table.Td>{money.format(d.handedOver)}</Table.Td>
                    </Table.Tr>
                    <Table.Tr>
                      <Table.Th>{T.difference}</Table.Th>
                      <Table.Td c={d.shortfall ? 'red.8' : undefined} fw={d.shortfall ? 700 : undefined}>
                        {money.format(d.difference)}
                        {d.shortfall ? ` (${T.shortfall(money.format(-d.difference))})` : ''}
                      </Table.Td>
                    </Table.Tr>
                    <Table.Tr>
                      <Table.Th>{T.released}</Table.Th>
                      <Table.Td>{d.deliveredWithRelease.map((p) => p.trackingNumber).join(', ') || '—'}</Table.Td>
                    </Table.Tr>
                    <Table.Tr>
                      <Table.Th>{T.owing}</Table.Th>
                      <Table.Td>{d.stillOwing.map((p) => `${p.trackingNumber} (${money.format(p.balance)})`).join(', ') || '—'}</Table.Td>
                    </Table.Tr>
                  </Table.Tbody>
                </Table>
              </div>
              <Group align="flex-end" gap="sm">
                <TextInput label={T.handover(d.driverName)} inputMode="decimal" value={typed[d.driverId] ?? ''} onChange={(e) => {
                  const value = e.currentTarget.value;
                  setTyped((t) => ({ ...t, [d.driverId]: value }));
                }} error={errors[d.driverId]} />
                <Button onClick={() => enter(d.driverId)} loading={handover.isPending}>
                  {T.handoverButton}
                </Button>
              </Group>
            </Stack>
          </Paper>
        ))
      )}
    </Stack>
  );
}
