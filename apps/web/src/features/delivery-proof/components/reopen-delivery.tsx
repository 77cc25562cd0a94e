import { CLOSED_MSG, REOPEN_STATUSES, STATUS_LABELS, type ReopenStatus } from '@cargo/shared';
import { Alert, Button, Group, Modal, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useReopenDelivery } from '../api/reopen-delivery.ts';
import { PROOF_ADMIN_TEXTS as T } from '../texts.ts';

const messageOf = (err: unknown) =>
  err instanceof ApiError && typeof (err.body as { message?: unknown } | null)?.message === 'string' ? (err.body as { message: string }).message : T.reopenFailed;

/**
 * Dispatch's 'Reopen' on a closed delivery (issue 31): the status it goes back to and a reason, required. The outcome,
 * its photo and signature stay; the reason is in the audit log and beside the outcome.
 */
export function ReopenDelivery({ trackingNumber }: { trackingNumber: string }) {
  const [opened, setOpened] = useState(false);
  const [reason, setReason] = useState('');
  const [status, setStatus] = useState<ReopenStatus>('out_for_delivery');
  const [error, setError] = useState<string | null>(null);
  const reopen = useReopenDelivery();
  const close = () => {
    setOpened(false);
    setError(null);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (reason.trim().length < 3) return setError(CLOSED_MSG.reasonRequired);
    reopen.mutate(
      { ref: trackingNumber, input: { reason: reason.trim(), status } },
      {
        onSuccess: () => {
          notifications.show({ title: T.reopened, message: `${trackingNumber}: ${STATUS_LABELS[status]}`, color: 'green' });
          setReason('');
          close();
        },
        onError: (err) => setError(messageOf(err)),
      },
    );
  };
  return (
    <>
      <Button color="orange" variant="light" onClick={() => setOpened(true)}>
        {T.reopen}
      </Button>
      <Modal opened={opened} onClose={close} title={T.reopenTitle(trackingNumber)} centered>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Text size="sm">{T.reopenIntro}</Text>
            <NativeSelect
              label={T.reopenStatus}
              value={status}
              onChange={(e) => setStatus(e.currentTarget.value as ReopenStatus)}
              data={REOPEN_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
            />
            <Textarea label={T.reopenReason} required autosize minRows={2} maxLength={500} value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={error ?? undefined} data-autofocus />
            {error && error !== CLOSED_MSG.reasonRequired && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {T.cancel}
              </Button>
              <Button type="submit" color="orange" loading={reopen.isPending}>
                {T.reopenConfirm}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
