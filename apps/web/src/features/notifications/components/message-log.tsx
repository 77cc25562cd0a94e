import { EVENT_LABELS, type EventType } from '@cargo/shared';
import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import stacked from '../../../components/ui/stacked-table.module.css';
import { ApiError } from '../../../lib/api-client.ts';
import { formatMediumDateTime } from '../../../lib/local-time.ts';
import { serverMessage, toastError, toastSuccess } from '../../../lib/toast.ts';
import { useMessages, useResendMessage } from '../api/messages.ts';
import { NOTIFICATION_TEXT } from '../texts.ts';
import { channelLabel } from './labels.ts';

const T = NOTIFICATION_TEXT.log;
const C = T.columns;
// Dark fills with white text: the light variants fail contrast on a striped row.
const STATUS_COLORS: Record<string, string> = { sent: '#1b5e20', queued: '#1c4f8a', sending: '#1c4f8a', failed: '#a51d1d', skipped: '#495057' };

/** Every message the rules made, per package: sent, queued, failed or skipped with the rule that skipped it. */
export function MessageLog({ initialTrackingNumber = '' }: { initialTrackingNumber?: string }) {
  const [typed, setTyped] = useState(initialTrackingNumber);
  const [shown, setShown] = useState(initialTrackingNumber);
  const messages = useMessages(shown);
  const resend = useResendMessage();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setShown(typed.trim());
  };
  const notFound = messages.error instanceof ApiError && messages.error.status === 404;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="message-log-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="message-log-title">
          {T.title}
        </Title>
        <form onSubmit={submit}>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput label={T.filter} description={T.filterHint} value={typed} onChange={(e) => setTyped(e.currentTarget.value)} style={{ flex: '1 1 16rem' }} />
            <Button type="submit" variant="default">
              {T.show}
            </Button>
          </Group>
        </form>
        {messages.isPending ? (
          <Skeleton height={80} />
        ) : notFound ? (
          <Alert color="yellow">{T.notFound}</Alert>
        ) : messages.isError ? (
          <Alert color="red">{NOTIFICATION_TEXT.loadFailed}</Alert>
        ) : messages.data.length === 0 ? (
          <Text>{T.empty}</Text>
        ) : (
          <div role="region" aria-label={T.title} tabIndex={0} style={{ overflowX: 'auto' }}>
            <Table striped className={stacked.stacked}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{C.time}</Table.Th>
                  <Table.Th>{C.package}</Table.Th>
                  <Table.Th>{C.event}</Table.Th>
                  <Table.Th>{C.channel}</Table.Th>
                  <Table.Th>{C.to}</Table.Th>
                  <Table.Th>{C.status}</Table.Th>
                  <Table.Th>{C.detail}</Table.Th>
                  <Table.Th>{C.actions}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {messages.data.map((m) => {
                  const event = EVENT_LABELS[m.eventType as EventType] ?? m.eventType;
                  return (
                    <Table.Tr key={m.id}>
                      <Table.Td data-label={C.time} style={{ whiteSpace: 'nowrap' }}>{formatMediumDateTime(new Date(m.createdAt))}</Table.Td>
                      <Table.Td data-label={C.package}>{m.trackingNumber ?? '—'}</Table.Td>
                      <Table.Td data-label={C.event}>{event}</Table.Td>
                      <Table.Td data-label={C.channel}>{channelLabel(m.channel)}</Table.Td>
                      <Table.Td data-label={C.to} style={{ whiteSpace: 'nowrap' }}>{m.recipient}</Table.Td>
                      <Table.Td data-label={C.status}>
                        <Badge color={STATUS_COLORS[m.status] ?? '#495057'} variant="filled">
                          {m.status}
                        </Badge>
                      </Table.Td>
                      <Table.Td data-label={C.detail}>
                        {m.reason && <Text size="sm">{m.reason}</Text>}
                        {m.providerResponse && (
                          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                            {m.providerResponse}
                          </Text>
                        )}
                        <Text size="xs" c="dimmed">
                          {T.attempts(m.attempts)}
                          {m.nextAttemptAt && ` · ${T.nextAttempt} ${formatMediumDateTime(new Date(m.nextAttemptAt))}`}
                        </Text>
                      </Table.Td>
                      <Table.Td data-label={C.actions}>
                        {(m.status === 'sent' || m.status === 'failed' || m.status === 'skipped') && (
                          <Button
                            size="xs"
                            variant="default"
                            aria-label={T.resendLabel(event, m.recipient)}
                            loading={resend.isPending && resend.variables === m.id}
                            onClick={() => resend.mutate(m.id, { onSuccess: () => toastSuccess(T.resent), onError: (error) => toastError(T.resendFailed, serverMessage(error)) })}
                          >
                            {T.resend}
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </div>
        )}
      </Stack>
    </Paper>
  );
}
