import { Modal, Stack, Text } from '@mantine/core';
import { SUPPORT_TEXTS } from '../texts.ts';
import { SupportContacts } from './support-contacts.tsx';

interface ContactSupportDialogProps {
  opened: boolean;
  onClose: () => void;
  /**
   * Runs once the dialog has finished closing. When given, the caller takes over returning focus
   * (needed when the dialog is mounted already open, which skips Mantine's own focus return).
   */
  onClosed?: () => void;
}

/** Spec 'Header and footer': the coordinator, the manager and the general inquiries email. */
export function ContactSupportDialog({ opened, onClose, onClosed }: ContactSupportDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={onClosed}
      returnFocus={!onClosed}
      title={SUPPORT_TEXTS.dialogTitle}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {SUPPORT_TEXTS.dialogIntro}
        </Text>
        <SupportContacts />
      </Stack>
    </Modal>
  );
}
