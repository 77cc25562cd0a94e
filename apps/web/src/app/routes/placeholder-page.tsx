import { Container, Text, Title } from '@mantine/core';
import { PageTitle } from '../../features/site-config/components/page-title.tsx';

/** Stands in for a screen that has not been built yet. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <Container size="md" py="xl">
      <PageTitle title={title} />
      <Title order={1} mb="sm">
        {title}
      </Title>
      <Text c="dimmed">This screen is not built yet.</Text>
    </Container>
  );
}
