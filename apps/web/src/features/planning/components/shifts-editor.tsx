import type { Shift, ShiftInput } from '@cargo/shared';
import { ActionIcon, Alert, Button, Group, NativeSelect, NumberInput, Skeleton, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { serverMessage, toastError, toastSuccess } from '../../../lib/toast.ts';
import { useCopyPreviousShifts, useDriverChoices, useSaveShifts, useShifts } from '../api/planning.ts';
import { PLANNING_TEXT } from '../texts.ts';
import stacked from '../../../components/ui/stacked-table.module.css';
import { ConfirmModal } from '../../../components/ui/confirm-modal.tsx';
import classes from './planning.module.css';

const T = PLANNING_TEXT.shifts;

/** One row of the form: what dispatch types, as typed. */
interface ShiftRow {
  key: number;
  driverId: string;
  startTime: string;
  endTime: string;
  capacityPackages: number | string;
  capacityWeightKg: number | string;
  startAddress: string;
  endAddress: string;
}

let nextKey = 1;
const rowOf = (s: Shift): ShiftRow => ({
  key: nextKey++,
  driverId: s.driverId,
  startTime: s.startTime,
  endTime: s.endTime,
  capacityPackages: s.capacityPackages,
  capacityWeightKg: s.capacityWeightKg ?? '',
  startAddress: s.start.address,
  // The end place shows empty when it is the start place (the default the server applies).
  endAddress: s.end.address === s.start.address ? '' : s.end.address,
});
const blankRow = (): ShiftRow => ({ key: nextKey++, driverId: '', startTime: '08:00', endTime: '17:00', capacityPackages: 20, capacityWeightKg: '', startAddress: '', endAddress: '' });

function inputOf(row: ShiftRow): ShiftInput {
  const weight = typeof row.capacityWeightKg === 'number' ? row.capacityWeightKg : null;
  return {
    driverId: row.driverId,
    startTime: row.startTime,
    endTime: row.endTime,
    capacityPackages: typeof row.capacityPackages === 'number' ? row.capacityPackages : Number(row.capacityPackages),
    capacityWeightKg: weight,
    ...(row.startAddress.trim() ? { startAddress: row.startAddress.trim() } : {}),
    ...(row.endAddress.trim() ? { endAddress: row.endAddress.trim() } : {}),
  };
}

export interface ShiftsEditorProps {
  date: string;
  /** Whether the form differs from the saved shifts (the plan uses the saved ones). */
  onDirtyChange: (dirty: boolean) => void;
}

/**
 * The day's shifts (issue 34, part 1): per driver the hours, the vehicle's capacity, and the start and end places
 * (empty: the depot). Saving replaces the day's list; 'Copy previous day' takes the latest earlier day's.
 */
export function ShiftsEditor({ date, onDirtyChange }: ShiftsEditorProps) {
  const shifts = useShifts(date);
  const drivers = useDriverChoices();
  const save = useSaveShifts(date);
  const copy = useCopyPreviousShifts(date);
  const [rows, setRows] = useState<ShiftRow[] | null>(null);
  const [loadedFrom, setLoadedFrom] = useState<unknown>(null);
  const [error, setError] = useState<string | null>(null);

  // The form follows the saved list whenever a new one arrives (another day, a save, a copy).
  if (shifts.data && shifts.data !== loadedFrom) {
    setLoadedFrom(shifts.data);
    setRows(shifts.data.shifts.map(rowOf));
    setError(null);
    onDirtyChange(false);
  }

  const edit = (key: number, change: Partial<ShiftRow>) => {
    setRows((all) => (all ?? []).map((r) => (r.key === key ? { ...r, ...change } : r)));
    onDirtyChange(true);
  };
  const add = () => {
    setRows((all) => [...(all ?? []), blankRow()]);
    onDirtyChange(true);
  };
  const remove = (key: number) => {
    setRows((all) => (all ?? []).filter((r) => r.key !== key));
    onDirtyChange(true);
  };
  const submit = () => {
    if (!rows) return;
    if (rows.some((r) => !r.driverId)) return setError(T.missingDriver);
    setError(null);
    save.mutate(rows.map(inputOf), {
      onSuccess: () => toastSuccess(T.saved),
      onError: (e) => setError(serverMessage(e) ?? T.saveFailed),
    });
  };
  const [confirmCopy, setConfirmCopy] = useState(false);
  const copyPrevious = () =>
    copy.mutate(undefined, {
      onSuccess: (list) => (setConfirmCopy(false), toastSuccess(T.copied(list.copiedFrom))),
      onError: (e) => (setConfirmCopy(false), toastError(T.copyFailed, serverMessage(e))),
    });

  const active = (drivers.data ?? []).filter((d) => d.isActive);
  const nameOf = (id: string) => drivers.data?.find((d) => d.id === id)?.name ?? shifts.data?.shifts.find((s) => s.driverId === id)?.driverName ?? id;

  return (
    <Stack gap="sm" component="section" aria-labelledby="planning-shifts-title">
      <Group justify="space-between" align="flex-end">
        <Title order={3} size="h4" id="planning-shifts-title">
          {T.title}
        </Title>
        <Button variant="default" onClick={() => setConfirmCopy(true)} loading={copy.isPending}>
          {T.copyPrevious}
        </Button>
      </Group>
      {shifts.isError ? (
        <Alert color="red">{serverMessage(shifts.error) ?? T.loadFailed}</Alert>
      ) : !rows ? (
        <Skeleton height={96} />
      ) : (
        <>
          {rows.length === 0 ? (
            <Text size="sm">{T.none}</Text>
          ) : (
            <div className={classes.scroll} role="region" aria-label={T.tableLabel} tabIndex={0}>
              <Table className={`${stacked.stacked} ${classes.shiftsTable}`} verticalSpacing={4}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{T.driver}</Table.Th>
                    <Table.Th>{T.start}</Table.Th>
                    <Table.Th>{T.end}</Table.Th>
                    <Table.Th>{T.capacity}</Table.Th>
                    <Table.Th>{T.weight}</Table.Th>
                    <Table.Th>{T.startPlace}</Table.Th>
                    <Table.Th>{T.endPlace}</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>{T.removeColumn}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row, i) => {
                    const name = row.driverId ? nameOf(row.driverId) : `${T.driver} ${i + 1}`;
                    const taken = new Set(rows.filter((r) => r.key !== row.key).map((r) => r.driverId));
                    const choices = active.filter((d) => !taken.has(d.id) || d.id === row.driverId);
                    if (row.driverId && !choices.some((d) => d.id === row.driverId)) choices.push({ id: row.driverId, name } as (typeof active)[number]);
                    return (
                      <Table.Tr key={row.key}>
                        <Table.Td data-label={T.driver}>
                          <NativeSelect
                            aria-label={`${T.driver} (${T.title.toLowerCase()} row ${i + 1})`}
                            value={row.driverId}
                            onChange={(e) => edit(row.key, { driverId: e.currentTarget.value })}
                            data={[{ value: '', label: T.chooseDriver, disabled: true }, ...choices.map((d) => ({ value: d.id, label: d.name }))]}
                          />
                        </Table.Td>
                        <Table.Td data-label={T.start}>
                          <TextInput type="time" aria-label={`${T.start}, ${name}`} value={row.startTime} onChange={(e) => edit(row.key, { startTime: e.currentTarget.value })} />
                        </Table.Td>
                        <Table.Td data-label={T.end}>
                          <TextInput type="time" aria-label={`${T.end}, ${name}`} value={row.endTime} onChange={(e) => edit(row.key, { endTime: e.currentTarget.value })} />
                        </Table.Td>
                        <Table.Td data-label={T.capacity}>
                          <NumberInput aria-label={`${T.capacity}, ${name}`} min={1} max={10000} allowDecimal={false} value={row.capacityPackages} onChange={(v) => edit(row.key, { capacityPackages: v })} />
                        </Table.Td>
                        <Table.Td data-label={T.weight}>
                          <NumberInput aria-label={`${T.weight}, ${name}`} min={0} placeholder="—" title={T.weightHint} value={row.capacityWeightKg} onChange={(v) => edit(row.key, { capacityWeightKg: v })} />
                        </Table.Td>
                        <Table.Td data-label={T.startPlace}>
                          <TextInput aria-label={`${T.startPlace}, ${name}`} placeholder={T.depot} title={T.placeHint} value={row.startAddress} onChange={(e) => edit(row.key, { startAddress: e.currentTarget.value })} />
                        </Table.Td>
                        <Table.Td data-label={T.endPlace}>
                          <TextInput aria-label={`${T.endPlace}, ${name}`} placeholder={T.sameAsStart} value={row.endAddress} onChange={(e) => edit(row.key, { endAddress: e.currentTarget.value })} />
                        </Table.Td>
                        <Table.Td data-label={T.removeColumn}>
                          <ActionIcon variant="subtle" color="red.9" aria-label={T.remove(name)} onClick={() => remove(row.key)}>
                            <span aria-hidden>✕</span>
                          </ActionIcon>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </div>
          )}
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Text size="xs" c="dimmed">
            {T.timesNote} {T.placeHint}.
          </Text>
          <Group gap="sm">
            <Button variant="default" onClick={add} disabled={active.length <= rows.length}>
              {T.add}
            </Button>
            <Button onClick={submit} loading={save.isPending}>
              {T.save}
            </Button>
          </Group>
        </>
      )}
      <ConfirmModal opened={confirmCopy} message={T.copyConfirm} confirmLabel={T.copyPrevious} onConfirm={copyPrevious} onCancel={() => setConfirmCopy(false)} pending={copy.isPending} danger={false} />
    </Stack>
  );
}
