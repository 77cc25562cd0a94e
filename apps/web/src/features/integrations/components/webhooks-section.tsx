import { EVENT_TYPES, type WebhookEndpointCreated, type WebhookEventType } from '@cargo/shared';
import { Alert, Button, Checkbox, Group, Paper, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { toastSuccess } from '../../../lib/toast.ts';
import { useCreateEndpoint, useEndpoints } from '../api/webhooks.ts';
import { INTEGRATION_TEXT } from '../texts.ts';
import { EndpointCard } from './endpoint-card.tsx';
import { eventLabel, refusal } from './labels.ts';
import { SecretBox } from './secret-box.tsx';

const T = INTEGRATION_TEXT.endpoints;

/** Webhook endpoints (issue 19): register one (the secret shown once) and the list, each with its actions and deliveries. */
export function WebhooksSection() {
  const endpoints = useEndpoints();
  const create = useCreateEndpoint();
  const [url, setUrl] = useState('');
  const [types, setTypes] = useState<WebhookEventType[]>(['*']);
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<WebhookEndpointCreated | null>(null);
  const all = types.includes('*');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    create.mutate(
      { url, eventTypes: types, description },
      {
        onSuccess: (endpoint) => {
          setCreated(endpoint);
          setUrl('');
          setTypes(['*']);
          setDescription('');
          toastSuccess(T.registered);
        },
        onError: (err) => setError(refusal(err, T.registerFailed)),
      },
    );
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="webhooks-title">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="webhooks-title">
            {T.title}
          </Title>
          <Text size="sm" c="dimmed">
            {T.hint}
          </Text>
        </div>
        <form onSubmit={submit} aria-label={T.register}>
          <Stack gap="sm">
            <TextInput label={T.url} placeholder={T.urlPlaceholder} value={url} onChange={(e) => setUrl(e.currentTarget.value)} type="url" maxLength={2000} maw={560} />
            <Checkbox.Group label={T.eventTypes} value={types} onChange={(value) => setTypes(value as WebhookEventType[])}>
              <Stack gap={6} mt={6}>
                <Checkbox value="*" label={T.allEvents} />
                <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing={6} verticalSpacing={6} pl="md">
                  {EVENT_TYPES.map((type) => (
                    <Checkbox key={type} value={type} label={eventLabel(type)} disabled={all} />
                  ))}
                </SimpleGrid>
              </Stack>
            </Checkbox.Group>
            <TextInput label={T.description} value={description} onChange={(e) => setDescription(e.currentTarget.value)} maxLength={500} maw={560} />
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <Group>
              <Button type="submit" loading={create.isPending}>
                {T.register}
              </Button>
            </Group>
          </Stack>
        </form>
        {created && <SecretBox label={T.newSecret} value={created.secret} warning={T.secretWarning} onDone={() => setCreated(null)} />}
        <Title order={3} size="h5" mt="sm">
          {T.list}
        </Title>
        {endpoints.isPending ? (
          <Skeleton height={80} />
        ) : endpoints.isError ? (
          <Alert color="red">{INTEGRATION_TEXT.loadFailed}</Alert>
        ) : endpoints.data.length === 0 ? (
          <Text>{T.empty}</Text>
        ) : (
          <Stack gap="sm">
            {endpoints.data.map((endpoint) => (
              <EndpointCard key={endpoint.id} endpoint={endpoint} />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
