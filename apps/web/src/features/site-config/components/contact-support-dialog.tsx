import { Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { MailIcon } from '../../../components/ui/icons.tsx';
import { mailtoHref } from '../../../lib/contact-links.ts';
import { SUPPORT_TEXTS } from '../texts.ts';
import { SiteConfigContent } from './site-config-content.tsx';
import { StaffContactCard } from './staff-contact-card.tsx';

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
        <SiteConfigContent skeletonLines={6}>
          {(config) => (
            <>
              <StaffContactCard contact={config.coordinator} />
              <StaffContactCard contact={config.manager} />
              <Paper withBorder p="sm" radius="md">
                <Group justify="space-between" align="center" wrap="wrap" gap="xs">
                  <Stack gap={2} miw={0}>
                    <Text fw={600} size="sm">
                      {SUPPORT_TEXTS.generalInquiries}
                    </Text>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {config.supportEmail}
                    </Text>
                  </Stack>
                  <Button
                    component="a"
                    href={mailtoHref(config.supportEmail)}
                    size="xs"
                    variant="light"
                    leftSection={<MailIcon size={14} />}
                    aria-label={`${SUPPORT_TEXTS.sendEmail} to ${config.supportEmail}`}
                  >
                    {SUPPORT_TEXTS.sendEmail}
                  </Button>
                </Group>
              </Paper>
            </>
          )}
        </SiteConfigContent>
      </Stack>
    </Modal>
  );
}
