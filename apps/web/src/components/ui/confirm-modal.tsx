import { Button, Group, Modal, Text } from '@mantine/core';

interface ConfirmModalProps {
  opened: boolean;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  pending?: boolean;
  danger?: boolean;
}

/**
 * A question before a change that cannot be undone; Cancel has the focus, Escape cancels. Shared by the admin's tabs
 * and the features the panel composes (Integrations). A long word (a URL) wraps.
 */
export function ConfirmModal({ opened, message, confirmLabel, onConfirm, onCancel, pending, danger = true }: ConfirmModalProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title="Please confirm" centered>
      <Text mb="md" style={{ overflowWrap: 'anywhere' }}>
        {message}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} data-autofocus>
          Cancel
        </Button>
        <Button color={danger ? 'red' : undefined} onClick={onConfirm} loading={pending}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
