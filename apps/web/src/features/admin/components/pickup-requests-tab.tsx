import { PICKUP_REQUEST_STATUSES, type PickupRequestStatus, formatPhone } from '@cargo/shared';
import { Alert, Anchor, Button, Group, NativeSelect, Pagination, Select, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { usePickupRequests } from '../api/get-pickup-requests.ts';
import { useSetPickupStatus } from '../api/set-pickup-status.ts';
import { useAdminSlots } from '../slots.tsx';
import { useAdminUrl } from '../hooks/use-admin-url.ts';
import { ADMIN_TEXT } from '../texts.ts';
import { formatTime } from '../utils/package-input.ts';
import { serverMessage, toastError, toastSuccess } from '../../../lib/toast.ts';
import classes from './admin.module.css';

const T = ADMIN_TEXT.pickups;
const C = T.columns;
const PAGE = 25;
const OPTIONS = PICKUP_REQUEST_STATUSES.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) }));

/** The Pickup Requests tab: every request with a status selector (pending, confirmed, completed). */
export function PickupRequestsTab() {
  const { exportButton } = useAdminSlots();
  const { update } = useAdminUrl();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [status, setStatusFilter] = useState<PickupRequestStatus | null>(null);
  const [page, setPage] = useState(1);
  const filters = { q: debounced || undefined, status: status ?? undefined };
  // Searched, filtered and paged by the server: a public form can fill this list without end.
  const list = usePickupRequests({ ...filters, limit: PAGE, offset: (page - 1) * PAGE });
  const setStatus = useSetPickupStatus();
  const total = list.data?.total ?? 0;
  const filtered = Boolean(debounced || status);
  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={T.search}
          type="search"
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: '1 1 14rem' }}
        />
        <Select
          label={T.statusFilter}
          placeholder={T.anyStatus}
          data={OPTIONS}
          value={status}
          onChange={(v) => {
            setStatusFilter(v as PickupRequestStatus | null);
            setPage(1);
          }}
          clearable
          style={{ flex: '0 1 12rem' }}
        />
      </Group>
      <Group justify="space-between">
        <Text size="sm" c="dimmed" aria-live="polite">
          {list.data ? T.total(total) : ' '}
        </Text>
        {exportButton?.({ resource: 'pickup-requests', query: filters })}
      </Group>
      {list.isPending ? (
        <Skeleton height={120} />
      ) : list.isError && !list.data ? (
        <Alert color="red">{ADMIN_TEXT.common.loadFailed}</Alert>
      ) : total === 0 ? (
        <Text>{filtered ? T.noMatch : T.empty}</Text>
      ) : (
        <div className={classes.tableWrap} role="region" aria-label={T.title} tabIndex={0}>
          <Table striped className={classes.table}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{C.customer}</Table.Th>
                <Table.Th>{C.contact}</Table.Th>
                <Table.Th>{C.from}</Table.Th>
                <Table.Th>{C.to}</Table.Th>
                <Table.Th>{C.item}</Table.Th>
                <Table.Th>{C.submitted}</Table.Th>
                <Table.Th>{C.status}</Table.Th>
                <Table.Th>{C.package}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.requests.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{r.customerName}</Table.Td>
                  <Table.Td>
                    <div className={classes.nowrap}>{formatPhone(r.phone)}</div>
                    <div>{r.email}</div>
                  </Table.Td>
                  <Table.Td>{r.originAddress}</Table.Td>
                  <Table.Td>{r.destinationAddress}</Table.Td>
                  <Table.Td>
                    {r.itemDescription}
                    {r.specialInstructions && (
                      <Text size="xs" c="dimmed">
                        {r.specialInstructions}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{formatTime(r.createdAt)}</Table.Td>
                  <Table.Td>
                    <NativeSelect
                      aria-label={T.status(r.customerName)}
                      data={OPTIONS}
                      value={r.status}
                      onChange={(e) =>
                        setStatus.mutate(
                          { id: r.id, status: e.currentTarget.value as PickupRequestStatus },
                          { onSuccess: () => toastSuccess(T.updated), onError: (error) => toastError(T.failed, serverMessage(error)) },
                        )
                      }
                    />
                  </Table.Td>
                  <Table.Td>
                    {r.packageId && r.trackingNumber ? (
                      <Anchor component="button" type="button" className={classes.nowrap} onClick={() => update({ tab: 'create', edit: r.packageId, from: null }, { push: true })}>
                        {T.packageLink(r.trackingNumber)}
                      </Anchor>
                    ) : (
                      <Button size="xs" variant="light" aria-label={T.createPackage(r.customerName)} onClick={() => update({ tab: 'create', edit: null, from: r.id }, { push: true })}>
                        {T.createPackageShort}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
      {total > PAGE && (
        <Pagination total={Math.ceil(total / PAGE)} value={page} onChange={setPage} getControlProps={(control) => ({ 'aria-label': `${control} page` })} getItemProps={(n) => ({ 'aria-label': `Page ${n}` })} />
      )}
    </Stack>
  );
}
