import { Paper, Stack, Text, Title } from '@mantine/core';
import { HelpPage } from '../../features/help-center/components/help-page.tsx';
import { HELP_SECTION_BY_ID } from '../../features/help-center/help-sections.ts';
import { HELP_TEXTS } from '../../features/help-center/texts.ts';
import { PageTitle } from '../../features/site-config/components/page-title.tsx';
import { SupportContacts } from '../../features/site-config/components/support-contacts.tsx';
import { SUPPORT_TEXTS } from '../../features/site-config/texts.ts';

export default function HelpCenterContactRoute() {
  return (
    <HelpPage section="contact">
      <PageTitle title={HELP_SECTION_BY_ID.contact.title} />
      <SupportContacts />
      <Paper withBorder radius="md" p="md">
        <Stack gap={4}>
          <Title order={2} size="h5">
            {HELP_TEXTS.contactPage.hoursTitle}
          </Title>
          <Text size="sm">{SUPPORT_TEXTS.serviceHours}</Text>
          <Text size="sm">{SUPPORT_TEXTS.customerService}</Text>
        </Stack>
      </Paper>
    </HelpPage>
  );
}
