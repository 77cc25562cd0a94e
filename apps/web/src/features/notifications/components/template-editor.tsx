import { EVENT_LABELS, MERGE_FIELDS, type EventType, type NotificationTemplate } from '@cargo/shared';
import { Alert, Button, Code, Group, Modal, Paper, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { serverMessage, toastError, toastSuccess } from '../../../lib/toast.ts';
import { usePreviewTemplate } from '../api/preview-template.ts';
import { useResetTemplate, useSaveTemplate } from '../api/save-template.ts';
import { NOTIFICATION_TEXT } from '../texts.ts';
import { channelLabel, audienceLabel } from './labels.ts';

const T = NOTIFICATION_TEXT.editor;

/** The fields at fault of a 400 reply, by path. */
function fieldErrors(error: unknown): Record<string, string> {
  const found: Record<string, string> = {};
  if (error instanceof ApiError && error.body && typeof error.body === 'object' && 'issues' in error.body) {
    for (const issue of (error.body as { issues: Array<{ path: string; message: string }> }).issues) found[issue.path] ??= issue.message;
  }
  return found;
}

/** Edits one template: on or off, subject (email) and body, previewed against a real package before it is saved. */
export function TemplateEditor({ template, onClose }: { template: NotificationTemplate; onClose: () => void }) {
  const [enabled, setEnabled] = useState(template.enabled);
  const [subject, setSubject] = useState(template.subject ?? '');
  const [body, setBody] = useState(template.body);
  const [trackingNumber, setTrackingNumber] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveTemplate();
  const reset = useResetTemplate();
  const preview = usePreviewTemplate();
  const isEmail = template.channel === 'email';
  const key = { eventType: template.eventType, channel: template.channel, audience: template.audience };
  const event = EVENT_LABELS[template.eventType as EventType] ?? template.eventType;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { key, input: { enabled, subject: isEmail ? subject : null, body } },
      {
        onSuccess: () => {
          toastSuccess(NOTIFICATION_TEXT.templates.saved);
          onClose();
        },
        onError: (error) => {
          setErrors(fieldErrors(error));
          toastError(NOTIFICATION_TEXT.templates.saveFailed, serverMessage(error));
        },
      },
    );
  };

  const showPreview = () => {
    preview.mutate({ eventType: template.eventType, channel: template.channel, trackingNumber, subject: isEmail ? subject : null, body }, { onError: (error) => setErrors(fieldErrors(error)) });
  };

  return (
    <Modal opened onClose={onClose} title={T.title(event, channelLabel(template.channel), audienceLabel(template.audience))} size="lg" closeButtonProps={{ 'aria-label': T.cancel }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Switch label={T.enabled} checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} />
          {isEmail && <TextInput label={T.subject} value={subject} onChange={(e) => setSubject(e.currentTarget.value)} error={errors.subject} required />}
          <Textarea label={T.body} value={body} onChange={(e) => setBody(e.currentTarget.value)} error={errors.body} autosize minRows={5} maxRows={14} required />
          <details>
            <summary>{T.fields}</summary>
            <Text size="sm" mt="xs">
              {T.fieldsHint}
            </Text>
            <ul>
              {Object.entries(MERGE_FIELDS).map(([name, meaning]) => (
                <li key={name}>
                  <Code>{`{{ ${name} }}`}</Code> {meaning}
                </li>
              ))}
            </ul>
          </details>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput label={T.previewWith} value={trackingNumber} onChange={(e) => setTrackingNumber(e.currentTarget.value)} error={errors.trackingNumber} style={{ flex: '1 1 14rem' }} />
            <Button variant="default" onClick={showPreview} loading={preview.isPending} disabled={!trackingNumber.trim()}>
              {T.preview}
            </Button>
          </Group>
          {preview.isError && !errors.body && !errors.subject && (
            <Alert color="red" title={T.previewFailed}>
              {serverMessage(preview.error)}
            </Alert>
          )}
          {preview.isSuccess && (
            <Paper withBorder p="sm" radius="md" role="region" aria-label={T.previewTitle}>
              <Title order={3} size="h5" mb="xs">
                {T.previewTitle}
              </Title>
              {preview.data.subject && (
                <Text size="sm" fw={600}>
                  {T.subjectLine} {preview.data.subject}
                </Text>
              )}
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {preview.data.text}
              </Text>
            </Paper>
          )}
          <Group justify="space-between" mt="sm">
            <Button
              variant="subtle"
              color="gray"
              disabled={template.isDefault}
              loading={reset.isPending}
              onClick={() =>
                reset.mutate(key, {
                  onSuccess: () => {
                    toastSuccess(NOTIFICATION_TEXT.templates.reset);
                    onClose();
                  },
                  onError: (error) => toastError(NOTIFICATION_TEXT.templates.saveFailed, serverMessage(error)),
                })
              }
            >
              {T.resetDefault}
            </Button>
            <Group gap="sm">
              <Button variant="default" onClick={onClose}>
                {T.cancel}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {T.save}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
