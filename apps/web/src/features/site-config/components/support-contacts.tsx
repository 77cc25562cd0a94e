import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { MailIcon } from '../../../components/ui/icons.tsx';
import { mailtoHref } from '../../../lib/contact-links.ts';
import { SUPPORT_TEXTS } from '../texts.ts';
import { SiteConfigContent } from './site-config-content.tsx';
import { StaffContactCard } from './staff-contact-card.tsx';

/** The company's contacts: the coordinator and the manager (Call) and the general inquiries email (Send Email). */
export function SupportContacts() {
  return (
    <SiteConfigContent skeletonLines={6}>
      {(config) => (
        <Stack gap="sm">
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
        </Stack>
      )}
    </SiteConfigContent>
  );
}
