import { WEBHOOK_MESSAGE_STATUSES, type WebhookEndpoint, type WebhookMessage, type WebhookMessageStatus } from '@cargo/shared';
import { Alert, Badge, Button, Code, Group, NativeSelect, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { formatMediumDateTimeWithSeconds } from '../../../lib/local-time.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { useLiveEndpoint, useMessages, useReplayMessage, useReplaySince } from '../api/webhooks.ts';
import { INTEGRATION_TEXT } from '../texts.ts';
import { eventLabel, refusal, when } from './labels.ts';

const T = INTEGRATION_TEXT.deliveries;
const C = T.columns;
const A = T.attemptColumns;
// Dark fills with white text: the light variants fail contrast on a striped row.
const STATUS_COLORS: Record<WebhookMessageStatus, string> = { delivered: '#1b5e20', pending: '#1c4f8a', sending: '#1c4f8a', failed: '#a51d1d' };

const seconds = (iso: string | null) => (iso ? formatMediumDateTimeWithSeconds(new Date(iso)) : '—');

function Attempts({ id, message }: { id: string; message: WebhookMessage }) {
  const label = T.attemptsLabel(eventLabel(message.eventType), message.id);
  return (
    <Stack gap={4} id={id}>
      <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {label}
      </Text>
      {message.attemptLog.length === 0 ? (
        <Text size="sm">{T.noAttempts}</Text>
      ) : (
        <div role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
          <Table aria-label={label} withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{A.time}</Table.Th>
                <Table.Th>{A.statusCode}</Table.Th>
                <Table.Th>{A.duration}</Table.Th>
                <Table.Th>{A.answer}</Table.Th>
                <Table.Th>{A.error}</Table.Th>
                <Table.Th>{A.nextRetry}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {message.attemptLog.map((attempt) => (
                <Table.Tr key={attempt.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{seconds(attempt.attemptedAt)}</Table.Td>
                  <Table.Td>{attempt.statusCode ?? T.noAnswer}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{T.ms(attempt.durationMs)}</Table.Td>
                  <Table.Td style={{ minWidth: '12rem', maxWidth: '28rem' }}>
                    {attempt.responseBody ? (
                      <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: '10rem', overflowY: 'auto' }}>
                        {attempt.responseBody}
                      </Code>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                  <Table.Td style={{ minWidth: '10rem', overflowWrap: 'anywhere' }}>{attempt.error ?? '—'}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{seconds(attempt.nextRetryAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
    </Stack>
  );
}

/**
 * The deliveries of one endpoint (issue 19): each message with its attempts, asked again every few seconds while open;
 * replay one message, or every message since a time.
 */
export function Deliveries({ id, endpoint }: { id: string; endpoint: WebhookEndpoint }) {
  const [status, setStatus] = useState<WebhookMessageStatus | ''>('');
  const messages = useMessages(endpoint.id, status);
  useLiveEndpoint(endpoint.id);
  const replay = useReplayMessage();
  const replaySince = useReplaySince();
  // One message's attempts at a time, under the list in a box of their own (at 375 px both scroll inside their box).
  const [selected, setSelected] = useState<string | null>(null);
  const [since, setSince] = useState('');
  const [sinceError, setSinceError] = useState<string | null>(null);
  const titleId = `${id}-title`;

  const selectedMessage = messages.data?.find((m) => m.id === selected) ?? null;
  const attemptsId = `${id}-attempts`;

  const submitSince = (e: FormEvent) => {
    e.preventDefault();
    setSinceError(null);
    const at = since ? new Date(since) : null;
    if (!at || Number.isNaN(at.getTime())) {
      setSinceError(T.sinceRequired);
      return;
    }
    replaySince.mutate(
      { id: endpoint.id, since: at.toISOString() },
      { onSuccess: (result) => toastSuccess(T.replayedSince(result.requeued)), onError: (err) => setSinceError(refusal(err, T.replayFailed)) },
    );
  };

  return (
    <Stack gap="sm" id={id} component="section" aria-labelledby={titleId} pt="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <div>
        <Title order={5} id={titleId} style={{ overflowWrap: 'anywhere' }}>
          {T.title(endpoint.url)}
        </Title>
        <Text size="xs" c="dimmed">
          {T.refreshing}
        </Text>
      </div>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <NativeSelect
          label={T.status}
          value={status}
          onChange={(e) => setStatus(e.currentTarget.value as WebhookMessageStatus | '')}
          data={[{ value: '', label: T.allStatuses }, ...WEBHOOK_MESSAGE_STATUSES.map((s) => ({ value: s, label: T.statuses[s] ?? s }))]}
          w={160}
        />
        <form onSubmit={submitSince} style={{ flex: '0 1 32rem', minWidth: 0 }}>
          <Group gap="xs" align="flex-end" wrap="wrap">
            <TextInput
              type="datetime-local"
              label={T.since}
              description={T.sinceHint}
              value={since}
              onChange={(e) => setSince(e.currentTarget.value)}
              error={sinceError}
              style={{ flex: '1 1 14rem', minWidth: 0 }}
            />
            <Button type="submit" variant="default" loading={replaySince.isPending} aria-label={T.replaySinceLabel}>
              {T.replaySince}
            </Button>
          </Group>
        </form>
      </Group>
      {messages.isPending ? (
        <Skeleton height={60} />
      ) : messages.isError ? (
        <Alert color="red">{INTEGRATION_TEXT.loadFailed}</Alert>
      ) : messages.data.length === 0 ? (
        <Text size="sm">{T.empty}</Text>
      ) : (
        <div role="region" aria-label={T.tableLabel(endpoint.url)} tabIndex={0} style={{ overflowX: 'auto' }}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{C.event}</Table.Th>
                <Table.Th>{C.sequence}</Table.Th>
                <Table.Th>{C.status}</Table.Th>
                <Table.Th>{C.attempts}</Table.Th>
                <Table.Th>{C.created}</Table.Th>
                <Table.Th>{C.nextRetry}</Table.Th>
                <Table.Th>{C.actions}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {messages.data.map((message) => {
                const event = eventLabel(message.eventType);
                const open = selected === message.id;
                return (
                  <Table.Tr key={message.id}>
                    <Table.Td>
                      <Text size="sm">{event}</Text>
                      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        {message.id}
                      </Text>
                    </Table.Td>
                    <Table.Td>{message.sequence ?? '—'}</Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLORS[message.status]} variant="filled">
                        {T.statuses[message.status] ?? message.status}
                      </Badge>
                    </Table.Td>
                    {/* Every attempt made, replays included (the server counts the current round only, for its retry schedule). */}
                    <Table.Td>{message.attemptLog.length}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(message.createdAt)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{message.status === 'pending' ? seconds(message.nextAttemptAt) : '—'}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button size="xs" variant={open ? 'filled' : 'default'} aria-expanded={open} aria-controls={open ? attemptsId : undefined} onClick={() => setSelected(open ? null : message.id)}>
                          {T.showAttempts}
                        </Button>
                        <Button
                          size="xs"
                          variant="default"
                          aria-label={T.replayLabel(event, message.id)}
                          loading={replay.isPending && replay.variables === message.id}
                          onClick={() =>
                            replay.mutate(message.id, { onSuccess: () => toastSuccess(T.replayed), onError: (err) => toastError(T.replayFailed, refusal(err, '')) })
                          }
                        >
                          {T.replay}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </div>
      )}
      {selectedMessage && <Attempts id={attemptsId} message={selectedMessage} />}
    </Stack>
  );
}
