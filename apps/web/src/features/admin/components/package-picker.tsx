import type { Package } from '@cargo/shared';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { usePackages } from '../api/get-packages.ts';

interface PackagePickerProps {
  label: string;
  value: Package | null;
  onChange: (pkg: Package | null) => void;
  error?: string | undefined;
}

/** A package chosen by typing part of its tracking number or customer: the server searches, so 10,000 packages stay fast. */
export function PackagePicker({ label, value, onChange, error }: PackagePickerProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 200);
  const typed = value && search === `${value.trackingNumber} — ${value.customerName}` ? '' : debounced;
  const list = usePackages({ q: typed || undefined, limit: 30 });
  const found = list.data?.packages ?? [];
  const all = value && !found.some((p) => p.id === value.id) ? [value, ...found] : found;
  return (
    <Select
      label={label}
      placeholder="Type a tracking number or customer"
      searchable
      clearable
      required
      error={error}
      data={all.map((p) => ({ value: p.id, label: `${p.trackingNumber} — ${p.customerName}` }))}
      value={value?.id ?? null}
      onChange={(id) => onChange(all.find((p) => p.id === id) ?? null)}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      // Asked again on each opening, so a package created elsewhere is offered without a reload.
      onDropdownOpen={() => void list.refetch()}
      nothingFoundMessage={list.isFetching ? 'Searching…' : 'No packages found'}
    />
  );
}
