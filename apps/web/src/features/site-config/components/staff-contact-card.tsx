import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { PhoneIcon } from '../../../components/ui/icons.tsx';
import { telHref } from '../../../lib/contact-links.ts';
import type { StaffContact } from '../api/get-site-config.ts';
import { SUPPORT_TEXTS } from '../texts.ts';

/** One staff member: name, role, phone and a Call action. */
export function StaffContactCard({ contact, note }: { contact: StaffContact; note?: string }) {
  const who = contact.role === contact.name ? contact.name : `${contact.name}, ${contact.role}`;
  return (
    <Paper withBorder p="sm" radius="md">
      <Group justify="space-between" align="center" wrap="wrap" gap="xs">
        <Stack gap={2} miw={0}>
          <Text fw={600} size="sm">
            {contact.name}
          </Text>
          {contact.role !== contact.name ? (
            <Text size="xs" c="dimmed">
              {contact.role}
            </Text>
          ) : null}
          <Text size="sm">{contact.phone}</Text>
          {note ? (
            <Text size="xs" c="dimmed">
              {note}
            </Text>
          ) : null}
        </Stack>
        <Button
          component="a"
          href={telHref(contact.phone)}
          size="xs"
          variant="light"
          leftSection={<PhoneIcon size={14} />}
          aria-label={`${SUPPORT_TEXTS.call} ${who}, at ${contact.phone}`}
        >
          {SUPPORT_TEXTS.call}
        </Button>
      </Group>
    </Paper>
  );
}
