import { SERVICE_TYPES } from '@cargo/shared';
import { Button, Group, NumberInput, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { serverMessage, toastError, toastSuccess } from '../../../lib/toast.ts';
import { useSaveServiceTimes, useServiceTimes } from '../api/planning.ts';
import { PLANNING_TEXT } from '../texts.ts';

const T = PLANNING_TEXT.serviceTimes;

/** Minutes at a stop per service type (issue 34, part 1): what the planner counts at each door. */
export function ServiceTimes() {
  const times = useServiceTimes();
  const save = useSaveServiceTimes();
  const [typed, setTyped] = useState<Record<string, number | string> | null>(null);
  const [loadedFrom, setLoadedFrom] = useState<unknown>(null);
  if (times.data && times.data !== loadedFrom) {
    setLoadedFrom(times.data);
    setTyped(Object.fromEntries(SERVICE_TYPES.map((type) => [type, times.data.minutes[type] ?? ''])));
  }
  const submit = () => {
    if (!typed) return;
    const minutes = Object.fromEntries(Object.entries(typed).filter((entry): entry is [string, number] => typeof entry[1] === 'number'));
    save.mutate(minutes, { onSuccess: () => toastSuccess(T.saved), onError: (e) => toastError(T.failed, serverMessage(e)) });
  };
  return (
    <Stack gap="xs" component="section" aria-labelledby="planning-service-times-title">
      <Title order={3} size="h4" id="planning-service-times-title">
        {T.title}
      </Title>
      {!typed || !times.data ? (
        <Skeleton height={60} />
      ) : (
        <>
          <Text size="sm">{T.intro(times.data.defaultMinutes)}</Text>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
            {SERVICE_TYPES.map((type) => (
              <NumberInput
                key={type}
                label={T.minutes(type)}
                min={0}
                max={240}
                placeholder={String(times.data.defaultMinutes)}
                value={typed[type] ?? ''}
                onChange={(v) => setTyped((t) => ({ ...t, [type]: v }))}
              />
            ))}
          </SimpleGrid>
          <Group>
            <Button variant="default" onClick={submit} loading={save.isPending}>
              {T.save}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
