import { PICKUP_REQUEST_STATUSES, type PickupRequestStatus } from '@cargo/shared';
import { Alert, NativeSelect, Skeleton, Table, Text } from '@mantine/core';
import { usePickupRequests } from '../api/get-pickup-requests.ts';
import { useSetPickupStatus } from '../api/set-pickup-status.ts';
import { ADMIN_TEXT } from '../texts.ts';
import { formatTime } from '../utils/package-input.ts';
import { serverMessage, toastError, toastSuccess } from '../utils/toast.ts';
import classes from './admin.module.css';

const T = ADMIN_TEXT.pickups;
const C = T.columns;
const OPTIONS = PICKUP_REQUEST_STATUSES.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) }));

/** The Pickup Requests tab: every request with a status selector (pending, confirmed, completed). */
export function PickupRequestsTab() {
  const list = usePickupRequests();
  const setStatus = useSetPickupStatus();
  if (list.isPending) return <Skeleton height={120} />;
  if (list.isError) return <Alert color="red">{ADMIN_TEXT.common.loadFailed}</Alert>;
  if (list.data.length === 0) return <Text>{T.empty}</Text>;
  return (
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
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.data.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>{r.customerName}</Table.Td>
              <Table.Td>
                <div className={classes.nowrap}>{r.phone}</div>
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
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
