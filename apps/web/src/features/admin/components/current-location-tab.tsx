import { globalLocationInputSchema } from '@cargo/shared';
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useCurrentLocation } from '../api/current-location.ts';
import { useSetCurrentLocation } from '../api/set-current-location.ts';
import { ADMIN_TEXT } from '../texts.ts';
import { formatLatLng, formatTime } from '../utils/package-input.ts';
import { serverMessage, toastError, toastSuccess } from '../../../lib/toast.ts';

const T = ADMIN_TEXT.currentLocation;

/** The Current Location tab: one location for all packages; coordinates sent only when both are given (spec §5). */
export function CurrentLocationTab() {
  const current = useCurrentLocation();
  const [location, setLocation] = useState('');
  const [lat, setLat] = useState('');
  const [lng, setLng] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSetCurrentLocation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const both = lat.trim() !== '' && lng.trim() !== '';
    const body = { location, ...(both ? { lat, lng } : {}) };
    const parsed = globalLocationInputSchema.safeParse(body);
    const found: Record<string, string> = {};
    if (!parsed.success) for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
    if (!both && (lat.trim() || lng.trim())) found[lat.trim() ? 'lng' : 'lat'] = T.bothCoordinates;
    setErrors(found);
    if (Object.keys(found).length || !parsed.success) return;
    save.mutate(parsed.data, {
      onSuccess: (reply) => toastSuccess(T.updated, reply.message),
      onError: (error) => toastError(T.failedTitle, serverMessage(error) ?? T.failed),
    });
  };

  const data = current.data;
  return (
    <Paper withBorder p="md" radius="md" maw={640}>
      <form onSubmit={submit} noValidate aria-label={T.title}>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {T.title}
          </Title>
          <Text size="sm" c="dimmed">
            {T.intro}
          </Text>
          <Text size="sm" aria-live="polite">
            {T.now}: {data?.location ? `${data.location}${data.lat !== null ? ` (${formatLatLng(data.lat, data.lng)})` : ''} · ${formatTime(data.updatedAt)}` : T.none}
          </Text>
          <TextInput label={T.location} required value={location} onChange={(e) => setLocation(e.currentTarget.value)} error={errors.location} />
          <Group grow wrap="wrap">
            <TextInput label={T.lat} inputMode="decimal" value={lat} onChange={(e) => setLat(e.currentTarget.value)} error={errors.lat} />
            <TextInput label={T.lng} inputMode="decimal" value={lng} onChange={(e) => setLng(e.currentTarget.value)} error={errors.lng} />
          </Group>
          <Button type="submit" loading={save.isPending}>
            {T.submit}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
