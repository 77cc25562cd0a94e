import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PageTitle } from '../../features/site-config/components/page-title.tsx';
import { paths } from '../../lib/paths.ts';

export default function NotFoundRoute() {
  return (
    <Container size="sm" py={64}>
      <PageTitle title="Page Not Found" />
      <Stack align="center" gap="md" ta="center">
        <Title order={1}>404 Page Not Found</Title>
        <Text c="dimmed">The page you are looking for does not exist or has moved.</Text>
        <Button component={Link} to={paths.home}>
          Back to Home
        </Button>
      </Stack>
    </Container>
  );
}
