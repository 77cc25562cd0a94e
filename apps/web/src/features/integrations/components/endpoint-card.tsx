import type { WebhookEndpoint, WebhookEndpointCreated } from '@cargo/shared';
import { Alert, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { useDeleteEndpoint, useRotateSecret, useSendTestEvent, useUpdateEndpoint } from '../api/webhooks.ts';
import { INTEGRATION_TEXT } from '../texts.ts';
import { ConfirmModal } from '../../../components/ui/confirm-modal.tsx';
import { Deliveries } from './deliveries.tsx';
import { eventLabel, refusal, when } from './labels.ts';
import { SecretBox } from './secret-box.tsx';

const T = INTEGRATION_TEXT.endpoints;

function StatusBadge({ endpoint }: { endpoint: WebhookEndpoint }) {
  if (endpoint.enabled)
    return (
      <Badge color="#1b5e20" variant="filled">
        {T.enabled}
      </Badge>
    );
  if (endpoint.disabledReason)
    return (
      <Badge color="#a51d1d" variant="filled" style={{ whiteSpace: 'normal', height: 'auto', textAlign: 'left' }}>
        {`${T.disabledByServer}: ${endpoint.disabledReason}`}
      </Badge>
    );
  return (
    <Badge color="#495057" variant="filled">
      {T.disabled}
    </Badge>
  );
}

/** One registered endpoint: its state, what it receives, its actions and, when opened, its deliveries. */
export function EndpointCard({ endpoint }: { endpoint: WebhookEndpoint }) {
  const update = useUpdateEndpoint();
  const remove = useDeleteEndpoint();
  const rotate = useRotateSecret();
  const test = useSendTestEvent();
  const [open, setOpen] = useState(false);
  const [confirm, setConfirm] = useState<'rotate' | 'delete' | null>(null);
  const [rotated, setRotated] = useState<WebhookEndpointCreated | null>(null);
  const headingId = `endpoint-${endpoint.id}`;
  const deliveriesId = `deliveries-${endpoint.id}`;

  const setEnabled = (enabled: boolean) =>
    update.mutate(
      { id: endpoint.id, changes: { enabled } },
      { onSuccess: () => toastSuccess(enabled ? T.enabledToast : T.disabledToast), onError: (err) => toastError(T.updateFailed, refusal(err, '')) },
    );

  const sendTest = () =>
    test.mutate(endpoint.id, {
      onSuccess: () => {
        setOpen(true);
        toastSuccess(T.testSent);
      },
      onError: (err) => toastError(T.testFailed, refusal(err, '')),
    });

  const onConfirm = () => {
    if (confirm === 'rotate')
      rotate.mutate(endpoint.id, {
        onSuccess: (value) => {
          setRotated(value);
          setConfirm(null);
          toastSuccess(T.rotated);
        },
        onError: (err) => toastError(T.rotateFailed, refusal(err, '')),
      });
    else if (confirm === 'delete')
      remove.mutate(endpoint.id, {
        onSuccess: () => {
          setConfirm(null);
          toastSuccess(T.deleted);
        },
        onError: (err) => toastError(T.deleteFailed, refusal(err, '')),
      });
  };

  return (
    <Paper withBorder p="sm" radius="md" component="article" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <Text component="h4" fw={600} id={headingId} m={0} style={{ overflowWrap: 'anywhere', minWidth: 0, flex: '1 1 16rem' }}>
            {endpoint.url}
          </Text>
          <StatusBadge endpoint={endpoint} />
        </Group>
        {endpoint.description && <Text size="sm">{endpoint.description}</Text>}
        <Text size="sm" c="dimmed">
          {T.events}: {endpoint.eventTypes.map(eventLabel).join(', ')} · {T.created} {when(endpoint.createdAt)}
        </Text>
        {!endpoint.enabled && endpoint.disabledReason && (
          <Alert color="red" variant="light" role="alert" title={T.disabledByServer} styles={{ title: { color: "var(--mantine-color-red-9)" } }}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{T.disabledByServerAlert(endpoint.disabledReason)}</Text>
              <Button size="xs" color="red" onClick={() => setEnabled(true)} loading={update.isPending}>
                {T.enableAgain}
              </Button>
            </Stack>
          </Alert>
        )}
        {endpoint.enabled && endpoint.failingSince && (
          <Alert color="yellow" variant="light">
            {T.failingSince(when(endpoint.failingSince))}
          </Alert>
        )}
        <Group gap="xs" wrap="wrap">
          <Button size="xs" variant={open ? 'filled' : 'default'} aria-expanded={open} aria-controls={open ? deliveriesId : undefined} onClick={() => setOpen(!open)}>
            {open ? T.hideDeliveries : T.deliveries}
          </Button>
          <Button size="xs" variant="default" onClick={sendTest} loading={test.isPending} disabled={!endpoint.enabled}>
            {T.sendTest}
          </Button>
          <Button size="xs" variant="default" onClick={() => setConfirm('rotate')}>
            {T.rotate}
          </Button>
          {endpoint.enabled ? (
            <Button size="xs" variant="default" onClick={() => setEnabled(false)} loading={update.isPending}>
              {T.disable}
            </Button>
          ) : (
            !endpoint.disabledReason && (
              <Button size="xs" variant="default" onClick={() => setEnabled(true)} loading={update.isPending}>
                {T.enable}
              </Button>
            )
          )}
          <Button size="xs" variant="default" color="red" onClick={() => setConfirm('delete')}>
            {T.delete}
          </Button>
        </Group>
        {rotated && (
          <SecretBox
            label={T.rotatedSecret}
            value={rotated.secret}
            warning={T.secretWarning}
            note={rotated.previousSecretUntil ? T.previousUntil(when(rotated.previousSecretUntil)) : undefined}
            onDone={() => setRotated(null)}
          />
        )}
        {open && <Deliveries id={deliveriesId} endpoint={endpoint} />}
      </Stack>
      <ConfirmModal
        opened={confirm !== null}
        message={confirm === 'rotate' ? T.rotateConfirm : T.deleteConfirm(endpoint.url)}
        confirmLabel={confirm === 'rotate' ? T.rotate : T.delete}
        danger={confirm === 'delete'}
        pending={rotate.isPending || remove.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={onConfirm}
      />
    </Paper>
  );
}
