import { Button, Group, Modal, Text } from '@mantine/core';
import { ADMIN_TEXT } from '../texts.ts';

interface ConfirmModalProps {
  opened: boolean;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  pending?: boolean;
  danger?: boolean;
}

/** A question before a change that cannot be undone; Cancel has the focus, Escape cancels. */
export function ConfirmModal({ opened, message, confirmLabel, onConfirm, onCancel, pending, danger = true }: ConfirmModalProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={ADMIN_TEXT.database.confirmTitle} centered>
      <Text mb="md">{message}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} data-autofocus>
          {ADMIN_TEXT.common.cancel}
        </Button>
        <Button color={danger ? 'red' : undefined} onClick={onConfirm} loading={pending}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
