import type { Package } from '@cargo/shared';
import { MultiSelect, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { usePackages } from '../api/get-packages.ts';
import { ADMIN_TEXT } from '../texts.ts';

const T = ADMIN_TEXT.drivers;
const SHOWN = 30;

interface AssignPackagePickerProps {
  driverId: string | null;
  value: Package[];
  onChange: (packages: Package[]) => void;
}

const label = (p: Package) => `${p.trackingNumber} — ${p.customerName}`;

/**
 * Packages offered for assignment (spec §5: no driver, or already this driver's), searched by the server as the admin
 * types: the oldest of 10,000 unassigned packages is one search away, never cut off by a page loaded up front.
 * The list is asked again each time it opens, so a package created elsewhere is offered without a reload.
 */
export function AssignPackagePicker({ driverId, value, onChange }: AssignPackagePickerProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 200);
  const q = debounced || undefined;
  const unassigned = usePackages({ driverId: 'none', q, limit: SHOWN });
  const own = usePackages({ driverId: driverId ?? '', q, limit: SHOWN }, Boolean(driverId));
  const found = [...(own.data?.packages ?? []), ...(unassigned.data?.packages ?? [])];
  const byId = new Map<string, Package>();
  for (const p of [...value, ...found]) byId.set(p.id, p);
  const total = (unassigned.data?.total ?? 0) + (driverId ? (own.data?.total ?? 0) : 0);
  const fetching = unassigned.isFetching || own.isFetching;
  return (
    <div>
      <MultiSelect
        label={T.assignPackages}
        placeholder={T.assignSearch}
        data={[...byId.values()].map((p) => ({ value: p.id, label: label(p) }))}
        value={value.map((p) => p.id)}
        onChange={(ids) => onChange(ids.map((id) => byId.get(id)).filter((p): p is Package => Boolean(p)))}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        // The server has searched already; the page only shows what it answered.
        filter={({ options }) => options}
        onDropdownOpen={() => {
          void unassigned.refetch();
          if (driverId) void own.refetch();
        }}
        nothingFoundMessage={fetching ? T.searching : T.noAssignable}
        hidePickedOptions
      />
      {total > found.length && (
        <Text size="xs" c="dimmed" mt={4}>
          {T.assignMore(found.length, total)}
        </Text>
      )}
    </div>
  );
}
