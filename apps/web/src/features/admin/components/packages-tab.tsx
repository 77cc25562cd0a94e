import { CREATE_FORM_STATUSES, NO_DRIVER, PACKAGE_SORT_FIELDS, STATUS_UPDATE_FORM_STATUSES, statusLabel, type PackageSortField, formatPhone } from '@cargo/shared';
import { Alert, Group, Pagination, Select, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback, useHotkeys } from '@mantine/hooks';
import { useRef, useState } from 'react';
import { StatusBadge } from '../../../components/ui/status-badge.tsx';
import { useDrivers } from '../api/get-drivers.ts';
import { usePackages } from '../api/get-packages.ts';
import { useQueryView } from '../../../lib/deferred-query.ts';
import { useAdminUrl } from '../hooks/use-admin-url.ts';
import { useAdminSlots } from '../slots.tsx';
import { ADMIN_TEXT } from '../texts.ts';
import classes from './admin.module.css';
import { PlainButton, PlainDimmedText, PlainTd, PlainTr } from './plain-rows.tsx';
import { SortHeader } from './sort-header.tsx';

const T = ADMIN_TEXT.packages;
const C = T.columns;
export const PAGE_SIZE = 25;
const STATUS_OPTIONS = [...new Set([...CREATE_FORM_STATUSES, ...STATUS_UPDATE_FORM_STATUSES, 'pending', 'cancelled'] as const)].map((value) => ({
  value,
  label: statusLabel(value),
}));

/** The Packages tab (spec §2): every column, search, filters, sort and pages served by the server, all in the address. */
export function PackagesTab() {
  const { params, update } = useAdminUrl();
  const q = params.get('q') ?? '';
  const status = params.get('status') ?? '';
  const driverId = params.get('driver') ?? '';
  const rawSort = params.get('sort') ?? 'createdAt';
  const sort: PackageSortField = (PACKAGE_SORT_FIELDS as readonly string[]).includes(rawSort) ? (rawSort as PackageSortField) : 'createdAt';
  const order = params.get('order') === 'asc' ? 'asc' : 'desc';
  const page = Math.max(1, Number(params.get('page')) || 1);

  const [search, setSearch] = useState(q);
  const searchRef = useRef<HTMLInputElement>(null);
  useHotkeys([['/', () => searchRef.current?.focus()]]);
  const pushSearch = useDebouncedCallback((value: string) => update({ q: value.trim() || null, page: null }), 250);

  const { exportButton, auditHistory } = useAdminSlots();
  const drivers = useDrivers();
  const list = usePackages({
    q: q || undefined,
    status: status || undefined,
    driverId: driverId || undefined,
    sort,
    order,
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });
  // The rows are drawn from a deferred view of the answer: in slices, not in the answer's own task (issue 21, part 7).
  const view = useQueryView(list);
  const total = view.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const filtered = Boolean(q || status || driverId);

  const onSort = (field: string) => {
    const nextOrder = field === sort ? (order === 'asc' ? 'desc' : 'asc') : field === 'createdAt' ? 'desc' : 'asc';
    update({ sort: field === 'createdAt' && nextOrder === 'desc' ? null : field, order: nextOrder === 'desc' ? null : 'asc', page: null });
  };

  const driverOptions = [
    { value: NO_DRIVER, label: T.noDriver },
    ...(drivers.data ?? []).map((d) => ({ value: d.id, label: d.name })),
  ];

  return (
    <Stack gap="md">
      <Group align="flex-end" wrap="wrap" gap="sm">
        <TextInput
          ref={searchRef}
          label={T.search}
          placeholder={T.searchPlaceholder}
          type="search"
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            pushSearch(e.currentTarget.value);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') update({ q: search.trim() || null, page: null });
          }}
          style={{ flex: '1 1 16rem' }}
        />
        <Select
          label={T.status}
          placeholder={T.anyStatus}
          data={STATUS_OPTIONS}
          value={status || null}
          onChange={(value) => update({ status: value, page: null })}
          clearable
          style={{ flex: '0 1 12rem' }}
        />
        <Select
          label={T.driver}
          placeholder={T.anyDriver}
          data={driverOptions}
          value={driverId || null}
          onChange={(value) => update({ driver: value, page: null })}
          clearable
          searchable
          style={{ flex: '0 1 14rem' }}
        />
      </Group>

      <Group justify="space-between">
        <Text size="sm" c="dimmed" aria-live="polite">
          {view.data ? T.total(total) : ' '}
        </Text>
        {exportButton?.({ resource: 'packages', query: { q: q || undefined, status: status || undefined, driverId: driverId || undefined, sort, order } })}
      </Group>

      {view.isError && !view.data ? (
        <Alert color="red" role="alert">
          {ADMIN_TEXT.common.loadFailed}
        </Alert>
      ) : view.isPending || !view.data ? (
        <Stack gap="xs" aria-label={ADMIN_TEXT.common.loading}>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} height={28} />
          ))}
        </Stack>
      ) : total === 0 ? (
        <Text>{filtered ? T.noMatch : T.empty}</Text>
      ) : (
        <div className={classes.tableWrap} role="region" aria-label={T.title} tabIndex={0}>
          <Table striped highlightOnHover className={classes.table} aria-busy={list.isFetching}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{C.actions}</Table.Th>
                <SortHeader label={C.trackingNumber} field="trackingNumber" sort={sort} order={order} onSort={onSort} />
                <Table.Th>{C.currentLocation}</Table.Th>
                <SortHeader label={C.status} field="status" sort={sort} order={order} onSort={onSort} />
                <SortHeader label={C.estimatedDelivery} field="estimatedDelivery" sort={sort} order={order} onSort={onSort} />
                <SortHeader label={C.serviceType} field="serviceType" sort={sort} order={order} onSort={onSort} />
                <Table.Th>{C.from}</Table.Th>
                <Table.Th>{C.to}</Table.Th>
                <SortHeader label={C.customer} field="customerName" sort={sort} order={order} onSort={onSort} />
                <Table.Th>{C.item}</Table.Th>
                <SortHeader label={C.driver} field="driver" sort={sort} order={order} onSort={onSort} />
              </Table.Tr>
            </Table.Thead>
            {/* The rows: plain elements with Mantine's markup, a fraction of the work on a phone (plain-rows.tsx). */}
            <Table.Tbody>
              {view.data.packages.map((pkg) => (
                <PlainTr key={pkg.id}>
                  <PlainTd>
                    <PlainButton variant="light" onClick={() => update({ tab: 'create', edit: pkg.id }, { push: true })} aria-label={`${T.edit} ${pkg.trackingNumber}`}>
                      {T.edit}
                    </PlainButton>
                    {auditHistory && (
                      <PlainButton
                        variant="subtle"
                        spaced
                        onClick={() => update(auditHistory('package', pkg.id), { push: true })}
                        aria-label={`${T.history} ${pkg.trackingNumber}`}
                      >
                        {T.history}
                      </PlainButton>
                    )}
                  </PlainTd>
                  <PlainTd className={classes.nowrap}>
                    <strong>{pkg.trackingNumber}</strong>
                    {pkg.reference && <PlainDimmedText>{T.reference(pkg.reference)}</PlainDimmedText>}
                  </PlainTd>
                  <PlainTd>{pkg.currentLocation}</PlainTd>
                  <PlainTd>
                    <StatusBadge status={pkg.status} />
                  </PlainTd>
                  <PlainTd>{pkg.estimatedDelivery}</PlainTd>
                  <PlainTd>{pkg.serviceType}</PlainTd>
                  <PlainTd>{pkg.pickupAddress}</PlainTd>
                  <PlainTd>{pkg.deliveryAddress}</PlainTd>
                  <PlainTd>
                    {pkg.customerName}
                    <PlainDimmedText className={classes.nowrap}>{formatPhone(pkg.customerPhone)}</PlainDimmedText>
                  </PlainTd>
                  <PlainTd>{pkg.itemDescription ?? ''}</PlainTd>
                  <PlainTd>{pkg.driver ?? ''}</PlainTd>
                </PlainTr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
      {pages > 1 && (
        <Pagination
          total={pages}
          value={Math.min(page, pages)}
          onChange={(next) => update({ page: next === 1 ? null : String(next) })}
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
          aria-label={T.pages}
        />
      )}
    </Stack>
  );
}
