import { STATUS_UPDATE_FORM_STATUSES, statusLabel, type Package } from '@cargo/shared';
import { Button, Paper, Select, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useAddPackageStatus } from '../api/add-package-status.ts';
import { ADMIN_TEXT } from '../texts.ts';
import { serverMessage, toastError, toastSuccess } from '../../../lib/toast.ts';
import { PackagePicker } from './package-picker.tsx';

const T = ADMIN_TEXT.status;
/** The status-update form sends the spec's display values (spec §4). */
const OPTIONS = STATUS_UPDATE_FORM_STATUSES.map((s) => ({ value: statusLabel(s), label: statusLabel(s) }));

function localNow(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** The Status tab: a history entry with status, location, description and time (defaults to now). */
export function StatusTab() {
  const [pkg, setPkg] = useState<Package | null>(null);
  const [status, setStatus] = useState<string>(OPTIONS[0]!.value);
  const [location, setLocation] = useState('');
  const [description, setDescription] = useState('');
  const [timestamp, setTimestamp] = useState(localNow);
  // Untouched, the time is the moment of sending (the field shows minutes only).
  const [timeTouched, setTimeTouched] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = useAddPackageStatus();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!pkg) found.package = T.selectPackage;
    if (!location.trim()) found.location = 'Location is required';
    if (!description.trim()) found.description = 'Description is required';
    setErrors(found);
    if (!pkg) toastError(T.selectPackage);
    if (!pkg || Object.keys(found).length) return;
    add.mutate(
      { id: pkg.id, update: { status, location, description, timestamp: timeTouched && timestamp ? new Date(timestamp).toISOString() : new Date().toISOString() } },
      {
        onSuccess: ({ package: updated }) => {
          toastSuccess(T.updated);
          setPkg(updated);
          setDescription('');
          setTimestamp(localNow());
          setTimeTouched(false);
        },
        onError: (error) => toastError(T.failed, serverMessage(error)),
      },
    );
  };

  return (
    <Paper withBorder p="md" radius="md" maw={640}>
      <form onSubmit={submit} noValidate aria-label={T.title}>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {T.title}
          </Title>
          <PackagePicker label={T.package} value={pkg} onChange={setPkg} error={errors.package} />
          <Select label={T.status} data={OPTIONS} value={status} onChange={(v) => v && setStatus(v)} allowDeselect={false} />
          <TextInput label={T.location} required value={location} onChange={(e) => setLocation(e.currentTarget.value)} error={errors.location} />
          <Textarea label={T.description} required autosize minRows={2} value={description} onChange={(e) => setDescription(e.currentTarget.value)} error={errors.description} />
          <TextInput label={T.timestamp} type="datetime-local" value={timestamp} onChange={(e) => {
              setTimestamp(e.currentTarget.value);
              setTimeTouched(true);
            }} />
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? T.submitting : T.submit}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
