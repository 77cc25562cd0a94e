import { Container, Stack, Text, Title } from '@mantine/core';
import { HelpCenterAccordion } from '../../features/help-center/components/help-center-accordion.tsx';
import { HELP_TEXTS } from '../../features/help-center/texts.ts';
import { PageTitle } from '../../features/site-config/components/page-title.tsx';
import { SupportContacts } from '../../features/site-config/components/support-contacts.tsx';
import { ClaimsPanel, ShippingGuidePanel } from '../../features/site-config/components/support-panels.tsx';

export default function HelpCenterRoute() {
  return (
    <Container size="sm" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <PageTitle title={HELP_TEXTS.title} />
      <Stack gap="lg">
        <div>
          <Title order={1} mb="xs">
            {HELP_TEXTS.title}
          </Title>
          <Text c="dimmed">{HELP_TEXTS.intro}</Text>
        </div>
        <HelpCenterAccordion
          panels={{ contact: <SupportContacts />, shippingGuide: <ShippingGuidePanel />, claims: <ClaimsPanel /> }}
        />
      </Stack>
    </Container>
  );
}
