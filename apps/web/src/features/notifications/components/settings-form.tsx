import type { NotificationSettings } from '@cargo/shared';
import { Button, Group, NumberInput, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { serverMessage, toastError, toastSuccess } from '../../../lib/toast.ts';
import { useSaveSettings } from '../api/settings.ts';
import { NOTIFICATION_TEXT } from '../texts.ts';

const T = NOTIFICATION_TEXT.settings;

/** Quiet hours (recipient's clock) and the daily cap per package. */
export function SettingsForm({ settings }: { settings: NotificationSettings }) {
  const [start, setStart] = useState(settings.quietHoursStart);
  const [end, setEnd] = useState(settings.quietHoursEnd);
  const [cap, setCap] = useState<number | string>(settings.dailyCapPerPackage);
  const save = useSaveSettings();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { quietHoursStart: start, quietHoursEnd: end, dailyCapPerPackage: Number(cap) },
      { onSuccess: () => toastSuccess(T.saved), onError: (error) => toastError(T.failed, serverMessage(error)) },
    );
  };
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="notification-settings-title">
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Title order={2} size="h4" id="notification-settings-title">
            {T.title}
          </Title>
          <Group gap="sm" wrap="wrap" align="flex-end">
            <TextInput type="time" label={T.quietStart} value={start} onChange={(e) => setStart(e.currentTarget.value)} w={150} />
            <TextInput type="time" label={T.quietEnd} value={end} onChange={(e) => setEnd(e.currentTarget.value)} w={150} />
            <NumberInput label={T.cap} value={cap} onChange={setCap} min={1} max={50} w={220} />
            <Button type="submit" loading={save.isPending}>
              {T.save}
            </Button>
          </Group>
          <Text size="sm" c="dimmed">
            {T.quietHint}
          </Text>
        </Stack>
      </form>
    </Paper>
  );
}
