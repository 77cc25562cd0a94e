import { Button, Group, Modal, Text } from '@mantine/core';
import { INTEGRATION_TEXT } from '../texts.ts';

interface ConfirmDialogProps {
  opened: boolean;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  pending?: boolean;
  danger?: boolean;
}

/** A question before a change that cannot be undone; Cancel has the focus, Escape cancels. */
export function ConfirmDialog({ opened, message, confirmLabel, onConfirm, onCancel, pending, danger = true }: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={INTEGRATION_TEXT.confirmTitle} centered>
      <Text mb="md" style={{ overflowWrap: 'anywhere' }}>
        {message}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} data-autofocus>
          {INTEGRATION_TEXT.cancel}
        </Button>
        <Button color={danger ? 'red' : undefined} onClick={onConfirm} loading={pending}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
