import { EVENT_LABELS, EVENT_TYPES, type EventType, type NotificationTemplate } from '@cargo/shared';
import { Alert, Button, Paper, Skeleton, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { serverMessage, toastError, toastSuccess } from '../../../lib/toast.ts';
import { useTemplates } from '../api/get-templates.ts';
import { useSaveTemplate } from '../api/save-template.ts';
import { useNotificationSettings } from '../api/settings.ts';
import { NOTIFICATION_TEXT } from '../texts.ts';
import { audienceLabel, channelLabel } from './labels.ts';
import { MessageLog } from './message-log.tsx';
import { SettingsForm } from './settings-form.tsx';
import { TemplateEditor } from './template-editor.tsx';

const T = NOTIFICATION_TEXT.templates;
const order = (t: NotificationTemplate) => EVENT_TYPES.indexOf(t.eventType as EventType) * 10 + (t.audience === 'coordinator' ? 5 : 0) + (t.channel === 'sms' ? 1 : 0);

/** The Notifications tab of the admin panel (issue 17): templates, quiet hours and cap, and the message log. */
export function NotificationsTab() {
  const templates = useTemplates();
  const settings = useNotificationSettings();
  const save = useSaveTemplate();
  const [editing, setEditing] = useState<NotificationTemplate | null>(null);
  const unconfigured = templates.data ? [...new Set(templates.data.filter((t) => !t.channelConfigured).map((t) => channelLabel(t.channel)))] : [];

  return (
    <Stack gap="lg">
      <div>
        <Title order={2} size="h3">
          {NOTIFICATION_TEXT.title}
        </Title>
        <Text size="sm" c="dimmed" maw={780}>
          {NOTIFICATION_TEXT.intro}
        </Text>
      </div>
      {unconfigured.map((channel) => (
        <Alert key={channel} color="yellow">
          {T.notConfigured(channel)}
        </Alert>
      ))}
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="templates-title">
        <Title order={2} size="h4" id="templates-title" mb="sm">
          {T.title}
        </Title>
        {templates.isPending ? (
          <Skeleton height={200} />
        ) : templates.isError ? (
          <Alert color="red">{NOTIFICATION_TEXT.loadFailed}</Alert>
        ) : (
          <div role="region" aria-label={T.title} tabIndex={0} style={{ overflowX: 'auto' }}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{T.event}</Table.Th>
                  <Table.Th>{T.channel}</Table.Th>
                  <Table.Th>{T.audience}</Table.Th>
                  <Table.Th>{T.state}</Table.Th>
                  <Table.Th>{T.actions}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {[...templates.data].sort((a, b) => order(a) - order(b)).map((t) => {
                  const event = EVENT_LABELS[t.eventType as EventType] ?? t.eventType;
                  const channel = channelLabel(t.channel);
                  const audience = audienceLabel(t.audience);
                  return (
                    <Table.Tr key={`${t.eventType}:${t.channel}:${t.audience}`}>
                      <Table.Td>
                        {event}
                        {!t.isDefault && (
                          <Text span size="xs" c="dimmed">
                            {' '}
                            · {T.changed}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>{channel}</Table.Td>
                      <Table.Td>{audience}</Table.Td>
                      <Table.Td>
                        <Switch
                          aria-label={T.toggle(event, channel, audience)}
                          checked={t.enabled}
                          onChange={(e) =>
                            save.mutate(
                              { key: t, input: { enabled: e.currentTarget.checked, subject: t.subject, body: t.body } },
                              { onSuccess: () => toastSuccess(T.saved), onError: (error) => toastError(T.saveFailed, serverMessage(error)) },
                            )
                          }
                        />
                      </Table.Td>
                      <Table.Td>
                        <Button size="xs" variant="default" onClick={() => setEditing(t)} aria-label={`${T.edit}: ${event}, ${channel.toLowerCase()} to the ${audience.toLowerCase()}`}>
                          {T.edit}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </div>
        )}
      </Paper>
      {settings.isSuccess && <SettingsForm settings={settings.data} />}
      <MessageLog />
      {editing && <TemplateEditor template={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
