import { Container, Text, Title } from '@mantine/core';
import { HelpLinks } from '../../features/help-center/components/help-links.tsx';
import { HELP_TEXTS } from '../../features/help-center/texts.ts';
import { PageTitle } from '../../features/site-config/components/page-title.tsx';

export default function TestNavRoute() {
  return (
    <Container size="sm" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <PageTitle title={HELP_TEXTS.testNav.title} />
      <Title order={1} mb="xs">
        {HELP_TEXTS.testNav.title}
      </Title>
      <Text c="dimmed" mb="lg">
        {HELP_TEXTS.testNav.intro}
      </Text>
      <HelpLinks />
    </Container>
  );
}
