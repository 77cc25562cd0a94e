import { CLEAR_OLD_DAYS } from '@cargo/shared';
import { Alert, Button, Checkbox, Group, Pagination, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { StatusBadge } from '../../../components/ui/status-badge.tsx';
import { useBatchDeletePackages } from '../api/batch-delete-packages.ts';
import { useClearOldPackages } from '../api/clear-old-packages.ts';
import { useDatabaseStats } from '../api/get-database-stats.ts';
import { usePackages } from '../api/get-packages.ts';
import { ADMIN_TEXT } from '../texts.ts';
import { formatTime } from '../utils/package-input.ts';
import { serverMessage, toastError, toastSuccess } from '../../../lib/toast.ts';
import classes from './admin.module.css';
import { ConfirmModal } from '../../../components/ui/confirm-modal.tsx';

const T = ADMIN_TEXT.database;
const PAGE = 25;

/** The Database tab: totals, bulk delete with its confirmation, clear-old for 30, 7 and 1 days. */
export function DatabaseTab() {
  const stats = useDatabaseStats();
  const [page, setPage] = useState(1);
  const list = usePackages({ limit: PAGE, offset: (page - 1) * PAGE });
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirm, setConfirm] = useState<{ kind: 'delete' } | { kind: 'clear'; days: number } | null>(null);
  const remove = useBatchDeletePackages();
  const clear = useClearOldPackages();

  const rows = list.data?.packages ?? [];
  const toggle = (id: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const allOnPage = rows.length > 0 && rows.every((p) => selected.has(p.id));

  const askDelete = () => {
    if (selected.size === 0) {
      toastError(T.noneSelected, T.noneSelectedBody);
      return;
    }
    setConfirm({ kind: 'delete' });
  };

  const confirmed = () => {
    if (!confirm) return;
    if (confirm.kind === 'delete') {
      remove.mutate([...selected], {
        onSuccess: () => {
          toastSuccess(T.deleted);
          setSelected(new Set());
          setConfirm(null);
        },
        onError: (error) => toastError(T.deleteFailed, serverMessage(error)),
      });
    } else {
      clear.mutate(confirm.days, {
        onSuccess: ({ deletedCount }) => {
          toastSuccess(T.cleared, T.clearedBody(deletedCount));
          setConfirm(null);
        },
        onError: (error) => toastError(T.clearFailed, serverMessage(error)),
      });
    }
  };

  const totals = stats.data?.totals;
  const figures = totals
    ? [
        [T.packages, totals.packages],
        [T.drivers, totals.drivers],
        [T.pickupRequests, totals.pickupRequests],
        [T.locations, totals.locations],
        [T.history, totals.statusHistory],
        [T.devices, totals.devices],
        [T.shareLinks, totals.shareLinks],
      ]
    : [];

  return (
    <Stack gap="lg">
      <Paper withBorder p="md" radius="md">
        <Title order={2} size="h4" mb="sm">
          {T.totals}
        </Title>
        {stats.isPending ? (
          <Skeleton height={60} />
        ) : stats.isError ? (
          <Alert color="red">{ADMIN_TEXT.common.loadFailed}</Alert>
        ) : (
          <SimpleGrid cols={{ base: 2, sm: 4, md: 7 }}>
            {figures.map(([label, value]) => (
              <div key={label}>
                <Text size="xs" c="dimmed">
                  {label}
                </Text>
                <Text fw={700} size="lg">
                  {Number(value).toLocaleString('en-US')}
                </Text>
              </div>
            ))}
          </SimpleGrid>
        )}
      </Paper>

      <Paper withBorder p="md" radius="md">
        <Title order={2} size="h4" mb="sm">
          {T.clearTitle}
        </Title>
        <Group>
          {CLEAR_OLD_DAYS.map((days) => (
            <Button key={days} variant="outline" color="red" onClick={() => setConfirm({ kind: 'clear', days })}>
              {T.clearButton(days)}
            </Button>
          ))}
        </Group>
      </Paper>

      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4">
            {T.bulkTitle}
          </Title>
          <Button color="red" onClick={askDelete}>
            {T.deleteSelected(selected.size)}
          </Button>
        </Group>
        {list.isPending ? (
          <Skeleton height={120} />
        ) : rows.length === 0 ? (
          <Text>{ADMIN_TEXT.packages.empty}</Text>
        ) : (
          <div className={classes.tableWrap} role="region" aria-label={T.bulkTitle} tabIndex={0}>
            <Table striped className={classes.table}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Checkbox aria-label={T.selectPage} checked={allOnPage} onChange={(e) => rows.forEach((p) => toggle(p.id, e.currentTarget.checked))} />
                  </Table.Th>
                  <Table.Th>{ADMIN_TEXT.packages.columns.trackingNumber}</Table.Th>
                  <Table.Th>{ADMIN_TEXT.packages.columns.status}</Table.Th>
                  <Table.Th>{ADMIN_TEXT.packages.columns.customer}</Table.Th>
                  <Table.Th>Created</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>
                      <Checkbox aria-label={T.select(p.trackingNumber)} checked={selected.has(p.id)} onChange={(e) => toggle(p.id, e.currentTarget.checked)} />
                    </Table.Td>
                    <Table.Td className={classes.nowrap}>{p.trackingNumber}</Table.Td>
                    <Table.Td>
                      <StatusBadge status={p.status} />
                    </Table.Td>
                    <Table.Td>{p.customerName}</Table.Td>
                    <Table.Td>{formatTime(p.createdAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
        )}
        {(list.data?.total ?? 0) > PAGE && (
          <Pagination mt="sm" total={Math.ceil((list.data?.total ?? 0) / PAGE)} value={page} onChange={setPage} getControlProps={(control) => ({ 'aria-label': `${control} page` })} getItemProps={(n) => ({ 'aria-label': `Page ${n}` })} />
        )}
      </Paper>

      <ConfirmModal
        opened={Boolean(confirm)}
        message={confirm?.kind === 'clear' ? T.confirmClear(confirm.days) : T.confirmDelete(selected.size)}
        confirmLabel={T.confirm}
        pending={remove.isPending || clear.isPending}
        onConfirm={confirmed}
        onCancel={() => setConfirm(null)}
      />
    </Stack>
  );
}
